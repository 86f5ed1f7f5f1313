import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine, utcDateTime } from './ical-text.js';
import { berlinLocalDateTime } from './berlin-calendar-time.js';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const unfold = (folded: string) => folded.replace(/\r\n /g, '');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma and writes every line break as \\n', () => {
    expect(escapeText('a\\b; c, d\r\ne\nf\rg')).toBe('a\\\\b\\; c\\, d\\ne\\nf\\ng');
  });

  it('drops control characters TEXT may not hold, keeps tabs and umlauts', () => {
    expect(escapeText('Straße\u0007 Köln\tÜ')).toBe('Straße Köln\tÜ');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets whole', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldLine(line)).toBe(line);
  });

  it('folds a long line into physical lines of at most 75 octets that unfold to the same text', () => {
    const line = `DESCRIPTION:${'Flohmarkt '.repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(5);
    expect(physical.every((l) => octets(l) <= 75)).toBe(true);
    expect(physical.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('never cuts inside a character: umlauts (2 octets) and emoji (4 octets) stay whole on each line', () => {
    const line = `DESCRIPTION:${'äöüß€😀'.repeat(30)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) {
      expect(octets(physical)).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 on its own: decoding its bytes gives it back unchanged.
      expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
      expect(physical).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('calendarFile', () => {
  it('ends every line, the last one too, with CRLF', () => {
    expect(calendarFile(['BEGIN:VCALENDAR', 'END:VCALENDAR'])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});

describe('date-times', () => {
  it('writes UTC with Z', () => {
    expect(utcDateTime(new Date('2031-06-07T06:05:09.400Z'))).toBe('20310607T060509Z');
  });

  it('writes Berlin wall-clock time in summer (UTC+2) and winter (UTC+1)', () => {
    expect(berlinLocalDateTime(new Date('2031-06-07T06:00:00Z'))).toBe('20310607T080000');
    expect(berlinLocalDateTime(new Date('2031-12-06T09:30:00Z'))).toBe('20311206T103000');
  });
});
