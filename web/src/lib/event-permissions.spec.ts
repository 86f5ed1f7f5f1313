import { API_ERRORS } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { participant } from '@/testing/render-app';
import { registrationClosedFor, registrationClosedText } from './event-permissions';

const now = new Date('2030-05-01T12:00:00.000Z');
const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001' };
const admin = { ...participant, role: 'admin' as const };

describe('registrationClosedFor', () => {
  it('is open for everyone before the deadline and the start', () => {
    const event = makeEvent({ registrationDeadline: '2030-05-20T00:00:00.000Z' });
    expect(registrationClosedFor(null, event, now)).toBeNull();
    expect(registrationClosedFor(participant, event, now)).toBeNull();
  });

  it('past the deadline or with the switch off: closed for exhibitors and guests, open for the organiser and admins', () => {
    for (const event of [makeEvent({ registrationDeadline: '2030-04-30T00:00:00.000Z' }), makeEvent({ allowStandRegistration: false })]) {
      expect(registrationClosedFor(null, event, now)).not.toBeNull();
      expect(registrationClosedFor(participant, event, now)).not.toBeNull();
      expect(registrationClosedFor(organiser, event, now)).toBeNull();
      expect(registrationClosedFor(admin, event, now)).toBeNull();
    }
    expect(registrationClosedFor(null, makeEvent({ registrationDeadline: '2030-04-30T00:00:00.000Z' }), now)).toBe(API_ERRORS.registrationDeadlinePassed);
  });

  it('a cancelled or ended market is closed for everyone, the organiser too', () => {
    const cancelled = makeEvent({ status: 'cancelled' });
    const ended = makeEvent({ startDateTime: '2030-04-01T08:00:00.000Z', endDateTime: '2030-04-01T15:00:00.000Z' });
    expect(registrationClosedFor(organiser, cancelled, now)).toBe(API_ERRORS.registrationEventCancelled);
    expect(registrationClosedFor(admin, ended, now)).toBe(API_ERRORS.registrationEventEnded);
  });

  it('the page says the switch-off in a whole sentence and every other reason as the server does', () => {
    expect(registrationClosedText(API_ERRORS.registrationUnavailable)).toBe('Für diesen Flohmarkt sind derzeit keine Standanmeldungen möglich.');
    expect(registrationClosedText(API_ERRORS.registrationEventEnded)).toBe(API_ERRORS.registrationEventEnded);
  });
});
