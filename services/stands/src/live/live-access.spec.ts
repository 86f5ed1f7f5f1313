import { describe, expect, it } from 'vitest';
import { API_ERRORS, LIVE_MESSAGES, SCREENS } from '@flohmarkt/contracts';
import { liveStateDecision } from './live-access.js';

const owner = { id: 'owner', role: 'participant' as const };
const organiser = { id: 'organiser', role: 'organizer' as const };
const admin = { id: 'admin', role: 'admin' as const };
const stranger = { id: 'stranger', role: 'participant' as const };
const event = {
  organizerId: 'organiser',
  allowStandRegistration: true,
  startDateTime: '2026-06-13T08:00:00.000Z',
  endDateTime: '2026-06-13T14:00:00.000Z',
  status: 'planned',
};
const approved = { exhibitorId: 'owner', status: 'approved' as const };
const onTheDay = new Date('2026-06-13T06:00:00.000Z');
const dayBefore = new Date('2026-06-12T20:00:00.000Z');

describe('liveStateDecision', () => {
  it('lets owner, organiser and admin set it on the event day', () => {
    for (const caller of [owner, organiser, admin]) expect(liveStateDecision(caller, approved, event, onTheDay)).toEqual({ allowed: true });
  });

  it('refuses anyone else, and a guest stand to all but organiser and admin', () => {
    expect(liveStateDecision(stranger, approved, event, onTheDay)).toEqual({ allowed: false, code: 'FORBIDDEN', message: API_ERRORS.forbidden });
    expect(liveStateDecision(stranger, { exhibitorId: null, status: 'approved' }, event, onTheDay)).toMatchObject({ message: SCREENS.guestStandOrganizerOnly });
    expect(liveStateDecision(organiser, { exhibitorId: null, status: 'approved' }, event, onTheDay)).toEqual({ allowed: true });
  });

  it('answers 404 for a stand the caller may not see, before anything else', () => {
    expect(liveStateDecision(stranger, { exhibitorId: 'owner', status: 'pending' }, event, dayBefore)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses outside the event day, for a stand not approved and at a cancelled event (403, German)', () => {
    expect(liveStateDecision(owner, approved, event, dayBefore)).toEqual({ allowed: false, code: 'FORBIDDEN', message: LIVE_MESSAGES.outsideEventDay });
    expect(liveStateDecision(owner, { exhibitorId: 'owner', status: 'pending' }, event, onTheDay)).toMatchObject({ message: LIVE_MESSAGES.notApproved });
    expect(liveStateDecision(admin, approved, { ...event, status: 'cancelled' }, onTheDay)).toMatchObject({ message: LIVE_MESSAGES.eventCancelled });
  });
});
