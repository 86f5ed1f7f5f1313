import { describe, expect, it } from 'vitest';
import { API_ERRORS, SCREENS, type TStandStatus } from '@flohmarkt/contracts';
import {
  changeStandDecision,
  draftListDecision,
  eventListStatuses,
  maySeeStand,
  moderateStandDecision,
  registrationDecision,
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

const event = { organizerId: ORGANIZER, allowStandRegistration: true };
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

  it.each(['pending', 'rejected'] as const)('shows a %s stand only to owner, organiser and admins', (status) => {
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
    expect(draftListDecision(organizer, event)).toEqual(allowed);
    expect(draftListDecision(admin, event)).toEqual(allowed);
    expect(draftListDecision(otherOrganizer, event)).toEqual(forbidden(API_ERRORS.forbidden));
  });
});

describe('registering', () => {
  it('is open to everyone while registration is on', () => {
    expect(registrationDecision(null, event)).toEqual(allowed);
    expect(registrationDecision(stranger, event)).toEqual(allowed);
  });

  it('is closed with the product sentence when registration is off, except for organiser and admins', () => {
    expect(registrationDecision(null, closed)).toEqual(forbidden(API_ERRORS.registrationUnavailable));
    expect(registrationDecision(stranger, closed)).toEqual(forbidden('Standregistrierung nicht verfügbar'));
    expect(registrationDecision(organizer, closed)).toEqual(allowed);
    expect(registrationDecision(admin, closed)).toEqual(allowed);
  });
});

describe('list visibility', () => {
  it('adds pending stands to an event list for organiser and admins, never rejected ones', () => {
    expect(eventListStatuses(null, event)).toEqual(['approved']);
    expect(eventListStatuses(owner, event)).toEqual(['approved']);
    expect(eventListStatuses(organizer, event)).toEqual(['approved', 'pending']);
    expect(eventListStatuses(admin, event)).toEqual(['approved', 'pending']);
  });

  it('shows every status of a user list to the user and admins only', () => {
    expect(userListStatuses(owner, OWNER)).toEqual(['pending', 'approved', 'rejected']);
    expect(userListStatuses(admin, OWNER)).toEqual(['pending', 'approved', 'rejected']);
    expect(userListStatuses(stranger, OWNER)).toEqual(['approved']);
    expect(userListStatuses(null, OWNER)).toEqual(['approved']);
  });
});
