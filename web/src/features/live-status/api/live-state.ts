// The stand read's `liveState` and the event read's `phase` as the API gives them: other features (the route) read them through here.
import type { TEvent, TLiveState } from '@flohmarkt/contracts';

/*
 * A stand's state on the event day (PATCH /api/stands/{id}/live). The contract's live.ts has the same lists,
 * but importing a value from it brings zod into the landing page's first paint (the badge shows on the
 * event list): written out here, checked against the contract's type.
 */
export type LiveState = TLiveState;
export const LIVE_STATES = ['open', 'closing', 'closed', 'absent'] as const satisfies readonly LiveState[];
export const LIVE_STATE_LABELS: Record<LiveState, string> = {
  open: 'Geöffnet',
  closing: 'Bald zu',
  closed: 'Geschlossen',
  absent: 'Heute nicht da',
};

/** Stand reads carry `liveState` (null outside the event day); older answers lack the field. */
export function liveStateOf(stand: object): LiveState | null {
  const value = (stand as { liveState?: unknown }).liveState;
  return typeof value === 'string' && (LIVE_STATES as readonly string[]).includes(value) ? (value as LiveState) : null;
}

/** Closed and absent stands are greyed and left out of a route: nobody walks to a stand that is not there. */
export function isUnavailable(state: LiveState | null): boolean {
  return state === 'closed' || state === 'absent';
}

const berlinDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The event day (Europe/Berlin): from 00:00 of the start date to 24:00 of the end date (contracts' live.ts).
 * The server decides (403 outside it); this only says when the buttons are worth showing.
 */
export function isEventDay(event: Pick<TEvent, 'startDateTime' | 'endDateTime'> & { phase?: string }, now = new Date()): boolean {
  if (event.phase === 'cancelled' || event.phase === 'ended') return false;
  const today = berlinDate.format(now);
  return today >= berlinDate.format(new Date(event.startDateTime)) && today <= berlinDate.format(new Date(event.endDateTime));
}

/** 'Läuft gerade' between start and end, 'Beendet' after (from the read's phase); nothing otherwise. */
export function eventPhaseLabel(event: { phase?: string }): string | null {
  if (event.phase === 'running') return 'Läuft gerade';
  if (event.phase === 'ended') return 'Beendet';
  return null;
}
