import { describe, expect, it } from 'vitest';
import { MAIL_SUBJECT_MAX_LENGTH } from '@flohmarkt/contracts';
import { NOTICE_TEXTS as T } from './notice-texts.js';

const LONG_NAME = 'Großer Hof- und Straßenflohmarkt der Nachbarschaft rund um den Rathenauplatz '.repeat(3).slice(0, 200);

describe('notice texts', () => {
  it('fit every subject about a 200-character market into the mail job, the closing quote kept', () => {
    const subjects = [
      T.guestRegisteredSubject(LONG_NAME),
      T.approvedSubject(LONG_NAME),
      T.rejectedSubject(LONG_NAME),
      T.cancelledSubject(LONG_NAME, 'Samstag, 14. Juni 2031, 08:00 Uhr bis Sonntag, 15. Juni 2031, 16:00 Uhr'),
      T.movedSubject(LONG_NAME),
      T.digestSubject(1, LONG_NAME),
      T.digestSubject(120, LONG_NAME),
      T.waitlistedSubject(LONG_NAME, 150),
      T.promotedSubject(LONG_NAME),
    ];
    for (const subject of subjects) {
      expect(subject.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX_LENGTH);
      expect(subject).toMatch(/…“/u);
    }
    expect(T.approvedSubject('Trödelmarkt am Dom')).toBe('Dein Stand beim Flohmarkt „Trödelmarkt am Dom“ ist genehmigt');
  });

  it('say how often the digest comes in German: once a minute, or every n minutes', () => {
    expect(T.digestFooter(1)).toContain('höchstens einmal pro Minute,');
    expect(T.digestFooter(15)).toContain('höchstens alle 15 Minuten,');
  });
});
