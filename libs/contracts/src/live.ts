import { z } from 'zod';

/*
 * Live status of a stand on the event day (issue 19): the owner, the organiser or an admin says
 * whether the stand is open right now. The event day runs from 00:00 Europe/Berlin of the event's
 * start date to 24:00 of its end date; outside it the call is refused (403) and reads carry null.
 */

export const LIVE_STATES = ['open', 'closing', 'closed', 'absent'] as const;

/** Own German sentences of the live status ("du" like API_ERRORS). */
export const LIVE_MESSAGES = {
  invalidState: 'Bitte wähle einen Status: Geöffnet, Bald zu, Geschlossen oder Heute nicht da.',
  outsideEventDay: 'Den Live-Status kannst du nur am Tag des Flohmarkts setzen.',
  notApproved: 'Nur freigegebene Stände haben einen Live-Status.',
  eventCancelled: 'Der Flohmarkt ist abgesagt: ein Live-Status ist nicht möglich.',
} as const;

export const ZLiveState = z.enum(LIVE_STATES, { error: LIVE_MESSAGES.invalidState });
export type TLiveState = z.infer<typeof ZLiveState>;

/** What stand cards, markers and the route show. */
export const LIVE_STATE_LABELS: Record<TLiveState, string> = {
  open: 'Geöffnet',
  closing: 'Bald zu',
  closed: 'Geschlossen',
  absent: 'Heute nicht da',
};

/** Whether the route leaves the stand out and the map greys it (nobody to meet there). */
export function isSkippedByRoute(state: TLiveState | null | undefined): boolean {
  return state === 'closed' || state === 'absent';
}

/** PATCH /api/stands/{id}/live. */
export const ZStandLiveUpdate = z.object({ state: ZLiveState }, { error: LIVE_MESSAGES.invalidState });
