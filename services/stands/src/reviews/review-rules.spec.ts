import { describe, expect, it } from 'vitest';
import { API_ERRORS, REVIEW_MESSAGES, STAND_API_ERRORS } from '@flohmarkt/contracts';
import { deleteReviewDecision, reviewDecision } from './review-rules.js';

const OWNER = 'b0000000-0000-4000-8000-000000000001';
const VISITOR = { id: 'b0000000-0000-4000-8000-000000000002', role: 'participant' as const };
const event = {
  organizerId: 'b0000000-0000-4000-8000-000000000003',
  allowStandRegistration: true,
  startDateTime: '2030-05-01T08:00:00.000Z',
  status: 'planned' as const,
};
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

  it('refuses a stand of a cancelled market, before its start and after, with a German sentence', () => {
    const cancelled = { ...event, status: 'cancelled' as const };
    const refusal = { allowed: false, code: 'FORBIDDEN', message: REVIEW_MESSAGES.eventCancelled };
    expect(reviewDecision(VISITOR, approved, cancelled, atStart)).toEqual(refusal);
    expect(reviewDecision(VISITOR, approved, cancelled, new Date('2031-01-01'))).toEqual(refusal);
    expect(reviewDecision(VISITOR, approved, cancelled, new Date(atStart.getTime() - 1))).toEqual(refusal);
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

describe('who may delete a review', () => {
  const WRITER = { id: 'b0000000-0000-4000-8000-000000000004', role: 'participant' as const };
  const ADMIN = { id: 'b0000000-0000-4000-8000-000000000005', role: 'admin' as const };
  const written = { reviewerId: WRITER.id };

  it('lets its writer delete it, whatever became of the stand, and an admin any', () => {
    expect(deleteReviewDecision(WRITER, approved, null, written)).toEqual({ allowed: true });
    expect(deleteReviewDecision(WRITER, { ...approved, status: 'rejected' }, event, written)).toEqual({ allowed: true });
    expect(deleteReviewDecision(ADMIN, { ...approved, status: 'pending' }, null, written)).toEqual({ allowed: true });
  });

  it('refuses anyone else with a 403: a stranger, the stand’s owner, the market’s organiser', () => {
    const refusal = { allowed: false, code: 'FORBIDDEN', message: API_ERRORS.forbidden };
    expect(deleteReviewDecision(VISITOR, approved, null, written)).toEqual(refusal);
    expect(deleteReviewDecision({ id: OWNER, role: 'participant' }, approved, null, written)).toEqual(refusal);
    expect(deleteReviewDecision({ id: event.organizerId, role: 'organizer' }, approved, event, written)).toEqual(refusal);
  });

  it('answers 404 for a review the stand does not have, and for a stand the caller may not see before anything of its reviews', () => {
    expect(deleteReviewDecision(VISITOR, approved, null, null)).toEqual({ allowed: false, code: 'NOT_FOUND', message: REVIEW_MESSAGES.reviewNotFound });
    const hidden = { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };
    expect(deleteReviewDecision(VISITOR, { ...approved, status: 'pending' }, event, written)).toEqual(hidden);
    expect(deleteReviewDecision(VISITOR, { ...approved, status: 'pending' }, event, null)).toEqual(hidden);
  });
});
