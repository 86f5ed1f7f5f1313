// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decisionResultText, heldByYouText, holdConfirmText } from './hold-text';

describe('how holds read', () => {
  // 08:00 UTC on 1 June 2030 is 10:00 in Berlin (summer time).
  const start = '2030-06-01T08:00:00.000Z';

  it('tells the visitor until when the seller keeps the item: the start plus the stand’s hold time', () => {
    expect(holdConfirmText(start, 30)).toBe(
      'Der Verkäufer hält das Angebot bis Sa 01.06., 10:30 Uhr für dich zurück, wenn er zustimmt. Kostenlos und unverbindlich.',
    );
    expect(holdConfirmText(start, 240)).toContain('bis Sa 01.06., 14:00 Uhr');
  });

  it('guesses no hour when the read does not say the hold time, and names the start instead', () => {
    expect(holdConfirmText(start, undefined)).toBe(
      'Der Verkäufer hält das Angebot bis nach Marktbeginn (Sa 01.06., 10:00 Uhr; wie lange danach, legt der Verkäufer fest) für dich zurück, wenn er zustimmt. Kostenlos und unverbindlich.',
    );
    expect(holdConfirmText(undefined, undefined)).toContain('bis kurz nach Marktbeginn für dich zurück');
  });

  it('says the outcome of a decision, with the code once accepted', () => {
    expect(decisionResultText('accepted', 'ABC234')).toBe('Angenommen. Abholcode: ABC234');
    expect(decisionResultText('declined', null)).toBe('Abgelehnt. Das Angebot ist wieder frei.');
    expect(heldByYouText('ABC234')).toBe('Von dir reserviert – Abholcode ABC234');
  });
});
