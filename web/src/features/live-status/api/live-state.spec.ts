// @vitest-environment node
import { LIVE_STATES as CONTRACT_STATES, LIVE_STATE_LABELS as CONTRACT_LABELS } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { LIVE_STATES, LIVE_STATE_LABELS, eventPhaseLabel, isEventDay, isUnavailable, liveStateOf } from './live-state';

describe('live state', () => {
  it('has the states and labels of the contract', () => {
    expect(LIVE_STATES).toEqual(CONTRACT_STATES);
    expect(LIVE_STATE_LABELS).toEqual(CONTRACT_LABELS);
  });

  it('reads only the four known states', () => {
    expect(liveStateOf({ liveState: 'closing' })).toBe('closing');
    expect(liveStateOf({ liveState: null })).toBeNull();
    expect(liveStateOf({ liveState: 'party' })).toBeNull();
    expect(liveStateOf({})).toBeNull();
  });

  it('leaves closed and absent stands out of a route', () => {
    expect(isUnavailable('closed')).toBe(true);
    expect(isUnavailable('absent')).toBe(true);
    expect(isUnavailable('closing')).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });

  it('knows the event day in Berlin from midnight of the start date to midnight after the end date', () => {
    const event = { startDateTime: '2026-06-13T08:00:00.000Z', endDateTime: '2026-06-13T14:00:00.000Z', phase: 'upcoming' };
    // 00:30 in Berlin (summer time) is still 13 June there.
    expect(isEventDay(event, new Date('2026-06-12T22:30:00.000Z'))).toBe(true);
    expect(isEventDay(event, new Date('2026-06-12T21:30:00.000Z'))).toBe(false);
    expect(isEventDay(event, new Date('2026-06-13T21:30:00.000Z'))).toBe(true);
    expect(isEventDay(event, new Date('2026-06-13T22:30:00.000Z'))).toBe(false);
    expect(isEventDay({ ...event, phase: 'cancelled' }, new Date('2026-06-13T10:00:00.000Z'))).toBe(false);
  });

  it('names the running and the ended event', () => {
    expect(eventPhaseLabel({ phase: 'running' })).toBe('Läuft gerade');
    expect(eventPhaseLabel({ phase: 'ended' })).toBe('Beendet');
    expect(eventPhaseLabel({ phase: 'upcoming' })).toBeNull();
  });
});
