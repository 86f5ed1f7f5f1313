import { describe, expect, it } from 'vitest';
import { MAIL_SUBJECT_MAX_LENGTH } from '@flohmarkt/contracts';
import { INVITATION_TEXTS as T, organiserName } from './invitation-texts.js';

const LONG_NAME = 'Großer Hof- und Straßenflohmarkt der Nachbarschaft rund um den Rathenauplatz '.repeat(3).slice(0, 200);

describe('invitation texts', () => {
  it('name the market and its day in the subject, a 200-character name shortened with the date kept', () => {
    expect(T.subject('Trödelmarkt am Dom', 'Samstag, 6. Juni 2026')).toBe('Neuer Termin: „Trödelmarkt am Dom“ am Samstag, 6. Juni 2026');
    const long = T.subject(LONG_NAME, 'Samstag, 6. Juni 2026');
    expect(long.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX_LENGTH);
    expect(long).toMatch(/…“ am Samstag, 6\. Juni 2026$/u);
  });

  it('say who invites and why the mail came, with a stand-in while the organiser’s name is unknown', () => {
    expect(T.invites('Olga Orga', 'Trödelmarkt am Dom')).toMatch(/^Olga Orga lädt dich zum Flohmarkt „Trödelmarkt am Dom“ ein/);
    expect(T.footer('Olga Orga')).toBe('Du bekommst diese Mail, weil du beim letzten Termin einen Stand hattest und Olga Orga dich einlädt.');
    expect(T.invites(null, 'Trödelmarkt am Dom')).toMatch(/^Der Veranstalter lädt dich/);
    expect(T.footer(null)).toContain('und der Veranstalter dich einlädt.');
    expect(T.lastTime('Trödelmarkt am Dom', 'Samstag, 30. Mai 2026')).toContain(
      'Beim letzten Termin, „Trödelmarkt am Dom“ am Samstag, 30. Mai 2026, hattest du dort einen Stand.',
    );
  });

  it('names an organiser by first and last name, either alone, or not at all', () => {
    expect(organiserName({ firstName: 'Olga', lastName: 'Orga' })).toBe('Olga Orga');
    expect(organiserName({ firstName: null, lastName: 'Orga' })).toBe('Orga');
    expect(organiserName({ firstName: null, lastName: null })).toBeNull();
    expect(organiserName(undefined)).toBeNull();
  });
});
