import { afterEach, describe, expect, it } from 'vitest';
import { getFeedbackUrl, getOperatorDetails, getRetentionDays, isOperatorConfigured } from './config';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('getFeedbackUrl', () => {
  it('falls back to the default feedback address', () => {
    expect(getFeedbackUrl()).toBe('mailto:feedback@flohmarkt.example');
  });

  it('ignores an empty server setting', () => {
    document.head.innerHTML = '<meta name="flohmarkt:feedback-url" content="">';
    expect(getFeedbackUrl()).toBe('mailto:feedback@flohmarkt.example');
  });

  it('uses the address the server put into index.html', () => {
    document.head.innerHTML = '<meta name="flohmarkt:feedback-url" content="https://feedback.example.de/flohmarkt">';
    expect(getFeedbackUrl()).toBe('https://feedback.example.de/flohmarkt');
  });
});

describe('getOperatorDetails', () => {
  it('reads the operator from the meta tags the gateway fills', () => {
    document.head.innerHTML = [
      '<meta name="flohmarkt:operator-name" content="Flohmarkt e. V.">',
      '<meta name="flohmarkt:operator-address" content="Musterstraße 1; 12345 Musterstadt">',
      '<meta name="flohmarkt:operator-email" content="kontakt@flohmarkt.example">',
      '<meta name="flohmarkt:privacy-email" content="">',
    ].join('');
    const details = getOperatorDetails();
    expect(details).toMatchObject({
      name: 'Flohmarkt e. V.',
      addressLines: ['Musterstraße 1', '12345 Musterstadt'],
      email: 'kontakt@flohmarkt.example',
      privacyEmail: 'kontakt@flohmarkt.example',
      phone: undefined,
    });
    expect(isOperatorConfigured(details)).toBe(true);
  });

  it('is not configured without name and address', () => {
    document.head.innerHTML = '<meta name="flohmarkt:operator-name" content="">';
    expect(isOperatorConfigured(getOperatorDetails())).toBe(false);
  });
});

describe('getRetentionDays', () => {
  it("reads the operator's retention period the gateway put into index.html", () => {
    document.head.innerHTML = '<meta name="flohmarkt:retention-days" content="14">';
    expect(getRetentionDays()).toBe(14);
  });

  it('falls back to the default 30 days without a usable value', () => {
    expect(getRetentionDays()).toBe(30);
    document.head.innerHTML = '<meta name="flohmarkt:retention-days" content="bald">';
    expect(getRetentionDays()).toBe(30);
  });
});
