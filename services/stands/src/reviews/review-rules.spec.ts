import { describe, expect, it } from 'vitest';
import { API_ERRORS, STAND_API_ERRORS } from '@flohmarkt/contracts';
import { reviewDecision } from './review-rules.js';

const OWNER = 'b0000000-0000-4000-8000-000000000001';
const VISITOR = { id: 'b0000000-0000-4000-8000-000000000002', role: 'participant' as const };
const event = { organizerId: 'b0000000-0000-4000-8000-000000000003', allowStandRegistration: true, startDateTime: '2030-05-01T08:00:00.000Z' };
const approved = { exhibitorId: OWNER, status: 'approved' as const };
const atStart = new Date('2030-05-01T08:00:00.000Z');

describe('who may review a stand, and when', () => {
  it('lets a visitor review an approved stand from the event start on', () => {
    expect(reviewDecision(VISITOR, approved, event, atStart)).toEqual({ allowed: true });
    expect(reviewDecision(VISITOR, { exhibitorId: null, status: 'approved' }, event, new Date('2031-01-01'))).toEqual({ allowed: true });
  });

  it('refuses before the event starts, with a German sentence', () => {
    expect(reviewDecision(VISITOR, approved, event, new Date(atStart.getTime() - 1))).toEqual({
      allowed: false,
      code: 'FORBIDDEN',
      message: STAND_API_ERRORS.reviewBeforeStart,
    });
  });

  it('refuses the owner', () => {
    expect(reviewDecision({ id: OWNER, role: 'participant' }, approved, event, atStart)).toMatchObject({
      code: 'FORBIDDEN',
      message: STAND_API_ERRORS.reviewOwnStand,
    });
  });

  it('refuses a stand that is not approved: 404 to whom it is hidden, 403 to whom it is not', () => {
    expect(reviewDecision(VISITOR, { ...approved, status: 'pending' }, event, atStart)).toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.standNotFound });
    const organizer = { id: event.organizerId, role: 'organizer' as const };
    expect(reviewDecision(organizer, { ...approved, status: 'pending' }, event, atStart)).toMatchObject({
      code: 'FORBIDDEN',
      message: STAND_API_ERRORS.reviewNotApproved,
    });
  });

  it('treats a stand whose event is gone as not found', () => {
    expect(reviewDecision(VISITOR, approved, null, atStart)).toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.eventNotFound });
  });
});
