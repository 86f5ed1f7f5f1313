import { describe, expect, it } from 'vitest';
import { accountExportFileName } from './account-export.js';

describe('the file name of the account export', () => {
  it('carries the day of the download', () => {
    expect(accountExportFileName(new Date('2026-05-02T09:15:00Z'))).toBe('meine-daten-flohmarkt-2026-05-02.json');
  });

  it('is dated by Berlin’s calendar: a download at 00:30 in Berlin carries that day, not UTC’s day before', () => {
    expect(accountExportFileName(new Date('2026-11-29T23:30:00Z'))).toBe('meine-daten-flohmarkt-2026-11-30.json');
    expect(accountExportFileName(new Date('2026-07-31T22:10:00Z'))).toBe('meine-daten-flohmarkt-2026-08-01.json');
  });
});
