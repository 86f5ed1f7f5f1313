import { describe, expect, it } from 'vitest';
import { standsExportDecision } from './export-access.js';

const event = { organizerId: 'org', allowStandRegistration: true };

describe('standsExportDecision', () => {
  it('lets the organiser and admins export, nobody else', () => {
    expect(standsExportDecision({ id: 'org', role: 'organizer' }, event)).toEqual({ allowed: true });
    expect(standsExportDecision({ id: 'adm', role: 'admin' }, event)).toEqual({ allowed: true });
    expect(standsExportDecision({ id: 'other', role: 'organizer' }, event)).toMatchObject({ allowed: false, code: 'FORBIDDEN' });
    expect(standsExportDecision({ id: 'seller', role: 'participant' }, event)).toMatchObject({ allowed: false, code: 'FORBIDDEN' });
    expect(standsExportDecision(null, event)).toMatchObject({ allowed: false });
  });
});
