import { describe, expect, it } from 'vitest';
import { MAIL_CONFIRMATION_KIND } from '@flohmarkt/contracts';
import { budgetOf } from './address-budget.js';

describe('the budget a mail kind counts against', () => {
  it('is the own one for mails about the recipient’s registration, their markets and their holds', () => {
    for (const kind of [
      MAIL_CONFIRMATION_KIND,
      'stand-approved',
      'stand-rejected',
      'stand-waitlisted',
      'stand-promoted',
      'event-cancelled',
      'event-moved',
      'reconfirmation-asked',
      'reconfirmation-reminded',
      'reconfirmation-released',
      'reminder-seller',
      'reminder-organiser',
      'reminder-visitor',
      'hold-accepted',
      'hold-declined',
      'hold-ended',
      'hold-sold',
    ]) {
      expect(budgetOf(kind), kind).toBe('own');
    }
  });

  it('is the third-party one for what someone else did (a signed-out registration with one’s address too), and for a kind nobody named', () => {
    for (const kind of [
      'guest-registered',
      'hold-requested',
      'registration-digest',
      'invitation-previous-sellers',
      'follow-news',
      'alert-news',
      'wish-news',
      'something-new',
    ]) {
      expect(budgetOf(kind), kind).toBe('third-party');
    }
  });
});
