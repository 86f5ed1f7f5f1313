import { describe, expect, it } from 'vitest';
import { API_ERRORS, SCREENS, type TStandStatus } from '@flohmarkt/contracts';
import {
  changeStandDecision,
  eventManagementDecision,
  eventListStatuses,
  maySeeStand,
  moderateStandDecision,
  registrationDecision,
  mayListUser,
  removalOf,
  userListStatuses,
  visibilityNeedsEvent,
  type Viewer,
} from './stand-access.js';

const ORGANIZER = 'a0000000-0000-4000-8000-000000000001';
const OWNER = 'a0000000-0000-4000-8000-000000000002';
const STRANGER = 'a0000000-0000-4000-8000-000000000003';
const ADMIN = 'a0000000-0000-4000-8000-000000000004';

const organizer: Viewer = { id: ORGANIZER, role: 'organizer' };
const owner: Viewer = { id: OWNER, role: 'participant' };
const stranger: Viewer = { id: STRANGER, role: 'participant' };
// The role organizer alone is no right on someone else's event.
const otherOrganizer: Viewer = { id: STRANGER, role: 'organizer' };
const admin: Viewer = { id: ADMIN, role: 'admin' };

const NOW = new Date('2026-05-01T10:00:00Z');
const DAY = 24 * 3600 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const event = {
  organizerId: ORGANIZER,
  allowStandRegistration: true,
  status: 'planned' as const,
  startDateTime: at(10 * DAY),
  endDateTime: at(11 * DAY),
  registrationDeadline: null,
};
const closed = { ...event, allowStandRegistration: false };
const stand = (status: TStandStatus) => ({ exhibitorId: OWNER, status });
const guest = (status: TStandStatus) => ({ exhibitorId: null, status });

const notFound = { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };
const forbidden = (message: string) => ({ allowed: false, code: 'FORBIDDEN', message });
const allowed = { allowed: true };

describe('seeing a stand', () => {
  it('shows approved stands to everyone, anonymous included', () => {
    for (const caller of [null, stranger, owner, organizer, admin]) expect(maySeeStand(caller, stand('approved'), event)).toBe(true);
  });

  it.each(['pending', 'rejected', 'released'] as const)('shows a %s stand only to owner, organiser and admins', (status) => {
    expect(maySeeStand(null, stand(status), event)).toBe(false);
    expect(maySeeStand(stranger, stand(status), event)).toBe(false);
    expect(maySeeStand(otherOrganizer, stand(status), event)).toBe(false);
    expect(maySeeStand(owner, stand(status), event)).toBe(true);
    expect(maySeeStand(organizer, stand(status), event)).toBe(true);
    expect(maySeeStand(admin, stand(status), event)).toBe(true);
  });

  it('does not know the organiser of an event that is gone', () => {
    expect(maySeeStand(organizer, guest('pending'), null)).toBe(false);
    expect(maySeeStand(admin, guest('pending'), null)).toBe(true);
  });

  it('shows a withdrawn stand to its owner only, not even to organiser or admins', () => {
    expect(maySeeStand(owner, stand('withdrawn'), event)).toBe(true);
    for (const caller of [null, stranger, organizer, admin]) expect(maySeeStand(caller, stand('withdrawn'), event)).toBe(false);
    expect(maySeeStand(organizer, guest('withdrawn'), event)).toBe(false);
    expect(visibilityNeedsEvent(stranger, stand('withdrawn'))).toBe(false);
  });

  it('asks for the event only when the answer depends on the organiser', () => {
    expect(visibilityNeedsEvent(stranger, stand('pending'))).toBe(true);
    expect(visibilityNeedsEvent(null, stand('pending'))).toBe(false);
    expect(visibilityNeedsEvent(owner, stand('pending'))).toBe(false);
    expect(visibilityNeedsEvent(admin, guest('pending'))).toBe(false);
    expect(visibilityNeedsEvent(stranger, stand('approved'))).toBe(false);
  });
});

describe('editing and deleting a stand', () => {
  it('lets owner, organiser and admins change a registered stand', () => {
    expect(changeStandDecision(owner, stand('approved'), event)).toEqual(allowed);
    expect(changeStandDecision(organizer, stand('approved'), event)).toEqual(allowed);
    expect(changeStandDecision(admin, stand('approved'), event)).toEqual(allowed);
    expect(changeStandDecision(owner, stand('rejected'), event)).toEqual(allowed);
  });

  it('refuses others with 403, or 404 when they may not even see the stand', () => {
    expect(changeStandDecision(stranger, stand('approved'), event)).toEqual(forbidden(API_ERRORS.forbidden));
    expect(changeStandDecision(otherOrganizer, stand('approved'), event)).toEqual(forbidden(API_ERRORS.forbidden));
    expect(changeStandDecision(stranger, stand('pending'), event)).toEqual(notFound);
  });

  it('leaves guest stands to organiser and admins, with the product sentence for everyone else', () => {
    expect(changeStandDecision(organizer, guest('approved'), event)).toEqual(allowed);
    expect(changeStandDecision(admin, guest('pending'), event)).toEqual(allowed);
    expect(changeStandDecision(stranger, guest('approved'), event)).toEqual(forbidden(SCREENS.guestStandOrganizerOnly));
    expect(changeStandDecision(stranger, guest('pending'), event)).toEqual(notFound);
  });

  it("withdraws on the owner's DELETE and deletes on anyone else's", () => {
    expect(removalOf(owner, stand('approved'))).toBe('withdraw');
    expect(removalOf(owner, stand('withdrawn'))).toBe('withdraw');
    expect(removalOf(organizer, stand('approved'))).toBe('delete');
    expect(removalOf(admin, stand('pending'))).toBe('delete');
    expect(removalOf(organizer, guest('pending'))).toBe('delete');
  });

  it('keeps a withdrawn stand away from the organiser (404) and lets its owner withdraw it again', () => {
    expect(changeStandDecision(organizer, stand('withdrawn'), event)).toEqual(notFound);
    expect(moderateStandDecision(organizer, stand('withdrawn'), event)).toEqual(notFound);
    expect(changeStandDecision(owner, stand('withdrawn'), event)).toEqual(allowed);
  });
});

describe('moderating', () => {
  it('lets only organiser and admins approve or reject, the owner included in the refusal', () => {
    expect(moderateStandDecision(organizer, stand('pending'), event)).toEqual(allowed);
    expect(moderateStandDecision(admin, guest('pending'), event)).toEqual(allowed);
    expect(moderateStandDecision(owner, stand('pending'), event)).toEqual(forbidden(API_ERRORS.forbidden));
    expect(moderateStandDecision(stranger, stand('approved'), event)).toEqual(forbidden(API_ERRORS.forbidden));
    expect(moderateStandDecision(stranger, guest('pending'), event)).toEqual(notFound);
  });

  it('shows the draft list to organiser and admins only', () => {
    expect(eventManagementDecision(organizer, event)).toEqual(allowed);
    expect(eventManagementDecision(admin, event)).toEqual(allowed);
    expect(eventManagementDecision(otherOrganizer, event)).toEqual(forbidden(API_ERRORS.forbidden));
  });
});

describe('registering', () => {
  it('is open to everyone while registration is on', () => {
    expect(registrationDecision(null, event, NOW)).toEqual(allowed);
    expect(registrationDecision(stranger, event, NOW)).toEqual(allowed);
  });

  it('is closed with the product sentence when registration is off, except for organiser and admins', () => {
    expect(registrationDecision(null, closed, NOW)).toEqual(forbidden(API_ERRORS.registrationUnavailable));
    expect(registrationDecision(stranger, closed, NOW)).toEqual(forbidden('Standregistrierung nicht verfügbar'));
    expect(registrationDecision(organizer, closed, NOW)).toEqual(allowed);
    expect(registrationDecision(admin, closed, NOW)).toEqual(allowed);
  });

  it('closes at the registration deadline, except for organiser and admins', () => {
    const deadline = { ...event, registrationDeadline: at(-1) };
    expect(registrationDecision(stranger, deadline, NOW)).toEqual(forbidden(API_ERRORS.registrationDeadlinePassed));
    expect(registrationDecision(null, { ...event, registrationDeadline: NOW.toISOString() }, NOW)).toEqual(forbidden(API_ERRORS.registrationDeadlinePassed));
    expect(registrationDecision(null, { ...event, registrationDeadline: at(1000) }, NOW)).toEqual(allowed);
    expect(registrationDecision(organizer, deadline, NOW)).toEqual(allowed);
  });

  it('is closed for everyone, organiser and admins included, once the event is cancelled or has ended', () => {
    const cancelled = { ...event, status: 'cancelled' as const };
    const ended = { ...event, startDateTime: at(-2 * DAY), endDateTime: at(-1) };
    for (const caller of [null, stranger, organizer, admin]) {
      expect(registrationDecision(caller, cancelled, NOW)).toEqual(forbidden(API_ERRORS.registrationEventCancelled));
      expect(registrationDecision(caller, ended, NOW)).toEqual(forbidden(API_ERRORS.registrationEventEnded));
    }
    // A running event still takes stands until its end.
    expect(registrationDecision(null, { ...event, startDateTime: at(-DAY), endDateTime: at(DAY) }, NOW)).toEqual(allowed);
  });
});

describe('list visibility', () => {
  it('adds pending stands to an event list for organiser and admins, never rejected ones', () => {
    expect(eventListStatuses(null, event)).toEqual(['approved']);
    expect(eventListStatuses(owner, event)).toEqual(['approved']);
    expect(eventListStatuses(organizer, event)).toEqual(['approved', 'pending']);
    expect(eventListStatuses(admin, event)).toEqual(['approved', 'pending']);
  });

  it('shows every status of a user list to the user, all but withdrawn to admins, approved to others', () => {
    expect(userListStatuses(owner, OWNER)).toEqual(['pending', 'waitlisted', 'approved', 'rejected', 'withdrawn', 'released']);
    expect(userListStatuses(admin, OWNER)).toEqual(['pending', 'waitlisted', 'approved', 'rejected', 'released']);
    expect(userListStatuses(stranger, OWNER)).toEqual(['approved']);
    expect(userListStatuses(null, OWNER)).toEqual(['approved']);
  });

  it("lists a private profile's user to themselves and admins only; a public or unknown profile to everyone", () => {
    const hidden = { profilePublic: false };
    expect(mayListUser(null, OWNER, hidden)).toBe(false);
    expect(mayListUser(stranger, OWNER, hidden)).toBe(false);
    expect(mayListUser(owner, OWNER, hidden)).toBe(true);
    expect(mayListUser(admin, OWNER, hidden)).toBe(true);
    expect(mayListUser(null, OWNER, {})).toBe(true);
    expect(mayListUser(null, OWNER, undefined)).toBe(true);
  });
});
