// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMBED_PATTERNS, PAGE_PATTERNS } from './paths';

// Every source file of the app but tests, test helpers and the paths module itself, as text.
const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.spec.{ts,tsx}', '!/src/testing/**', '!/src/lib/paths.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The first segments of the pages ('events', 'impressum', 'embed' …): a literal starting with one is a hand-written page path. */
const firstSegments = [...new Set([...Object.values(PAGE_PATTERNS), ...Object.values(EMBED_PATTERNS)].map((p) => p.split('/')[1]).filter(Boolean))];
const handWritten = new RegExp(`(['"\`]|\\$\\{origin\\})/(${firstSegments.join('|')})(?=[/'"\`?#$])`);
const homeLink = /\b(to|href|cancelTo)=["']\/["']|navigate\(['"]\/['"]/;

/** Lines of code, not of comments (which may name a page to explain it). */
function codeLines(text: string): string[] {
  return text.split('\n').filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line));
}

describe('page paths are written once', () => {
  it('finds the sources to check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(handWritten.test('to={`/events/${id}`}')).toBe(true);
    expect(handWritten.test('siteLink(`${origin}/stands/${id}`)')).toBe(true);
    expect(homeLink.test('<Link to="/">')).toBe(true);
    expect(handWritten.test("fetch('/api/events')")).toBe(false);
  });

  it('no link, navigation or redirect writes a page path by hand: they come from lib/paths.ts', () => {
    const offenders = Object.entries(sources).flatMap(([file, text]) =>
      codeLines(text as string)
        .filter((line) => handWritten.test(line) || homeLink.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
