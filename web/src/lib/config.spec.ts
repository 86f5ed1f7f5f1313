import { afterEach, describe, expect, it } from 'vitest';
import { getFeedbackUrl } from './config';

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
