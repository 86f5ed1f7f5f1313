import { toLatLng, type TEvent, type TLatLng } from '@flohmarkt/contracts';
import type { EventBody } from '../api/save-event';
import { isoToLocalInput, localInputToIso, roundToStep } from './date-time';
import { RECONFIRMATION_DEFAULT_VALUES, reconfirmationInput, reconfirmationToValues, type ReconfirmationValues } from './reconfirmation-values';
import { ONCE, seriesInput, type SeriesValues } from './series-values';

/**
 * What the event form edits; dates are datetime-local values, the location a text plus a point, and
 * (issue 36) the sellers' reconfirmation before the day: the switch and its two hours as typed.
 */
export interface EventFormValues extends ReconfirmationValues {
  name: string;
  description: string;
  rules: string;
  location: string;
  point: TLatLng | null;
  startDateTime: string;
  endDateTime: string;
  contactEmail: string;
  contactPhone: string;
  websiteUrl: string;
  websiteLinkText: string;
  allowStandRegistration: boolean;
  /** Issue 17: registration closes at this local date-time; '' for none (open until the end). */
  registrationDeadline: string;
  /** Issue 17: the organiser's bundled mail about new registrations. */
  notifyOnRegistration: boolean;
  /** Issue 18: the most stands the organiser takes, as typed; '' for no cap. */
  maxStands: string;
  /** Issue 34: whether and how the market repeats; only the create form offers it (an edit keeps 'once'). */
  series: SeriesValues;
}

export type EventFormMode = 'create' | 'edit';

export const EMPTY_EVENT_VALUES: EventFormValues = {
  name: '',
  description: '',
  rules: '',
  location: '',
  point: null,
  startDateTime: '',
  endDateTime: '',
  contactEmail: '',
  contactPhone: '',
  websiteUrl: '',
  websiteLinkText: '',
  allowStandRegistration: true,
  registrationDeadline: '',
  notifyOnRegistration: true,
  maxStands: '',
  series: ONCE,
  ...RECONFIRMATION_DEFAULT_VALUES,
};

export function eventToValues(event: TEvent): EventFormValues {
  return {
    name: event.name,
    description: event.description ?? '',
    rules: event.rules ?? '',
    location: event.location,
    point: toLatLng(event.latitude, event.longitude),
    startDateTime: isoToLocalInput(event.startDateTime),
    endDateTime: isoToLocalInput(event.endDateTime),
    contactEmail: event.contactEmail ?? '',
    contactPhone: event.contactPhone ?? '',
    websiteUrl: event.websiteUrl ?? '',
    websiteLinkText: event.websiteLinkText ?? '',
    allowStandRegistration: event.allowStandRegistration,
    registrationDeadline: isoToLocalInput(event.registrationDeadline),
    notifyOnRegistration: event.notifyOnRegistration,
    maxStands: event.maxStands == null ? '' : String(event.maxStands),
    series: ONCE,
    ...reconfirmationToValues(event.reconfirmation),
  };
}

/**
 * The request body: dates rounded to 5 minutes and sent as ISO strings with zone, coordinates as
 * numbers or null. Both forms send every field (issue 30): contact, website, link text, the registration
 * settings (switch, deadline, mail about new registrations) and the cap; a blank deadline clears it,
 * a blank cap removes it (the contracts' schema checks the number), the reconfirmation (issue 36). A repeating market (create only)
 * sends its `series`.
 */
export function eventBody(values: EventFormValues): EventBody {
  const body: EventBody = {
    name: values.name,
    description: values.description,
    rules: values.rules,
    location: values.location,
    latitude: values.point?.lat ?? null,
    longitude: values.point?.lng ?? null,
    startDateTime: localInputToIso(roundToStep(values.startDateTime)),
    endDateTime: localInputToIso(roundToStep(values.endDateTime)),
    maxStands: values.maxStands.trim(),
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    websiteUrl: values.websiteUrl,
    websiteLinkText: values.websiteLinkText,
    allowStandRegistration: values.allowStandRegistration,
    registrationDeadline: localInputToIso(roundToStep(values.registrationDeadline)),
    notifyOnRegistration: values.notifyOnRegistration,
    reconfirmation: reconfirmationInput(values),
  };
  const series = seriesInput(values.series);
  // A single market sends no `series` at all, so its request stays what it was before issue 34.
  return series === undefined ? body : { ...body, series };
}
