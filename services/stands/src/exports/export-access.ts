import { API_ERRORS } from '@flohmarkt/contracts';
import { eventManagementDecision, type Decision, type EventFacts, type Viewer } from '../stands/stand-access.js';

/**
 * The stands CSV holds names and pending and rejected registrations: only for the organiser and
 * admins, like the review list it mirrors. (The GeoJSON and the PDFs hold public fields only.)
 */
export function standsExportDecision(caller: Viewer, event: EventFacts): Decision {
  return eventManagementDecision(caller, event, API_ERRORS.forbidden);
}
