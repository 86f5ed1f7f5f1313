import { API_ERRORS } from '@flohmarkt/contracts';
import { managesEvent, type Decision, type EventFacts, type Viewer } from '../stands/stand-access.js';

/**
 * The stands CSV holds names and pending and rejected registrations: only for the organiser and
 * admins, like the review list it mirrors. (The GeoJSON and the PDFs hold public fields only.)
 */
export function standsExportDecision(caller: Viewer, event: EventFacts): Decision {
  return managesEvent(caller, event) ? { allowed: true } : { allowed: false, code: 'FORBIDDEN', message: API_ERRORS.forbidden };
}
