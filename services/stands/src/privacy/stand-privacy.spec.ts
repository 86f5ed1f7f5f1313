import { describe, expect, it } from 'vitest';
import { listReadsPrivately } from './stand-privacy.js';

/* Which stand lists say `Cache-Control: private, no-store` (the web app's offline copy keeps only the others). */

const event = { organizerId: 'organiser-1', allowStandRegistration: true };
const stands = [{ exhibitorId: 'exhibitor-1' }, { exhibitorId: null }];

describe('listReadsPrivately', () => {
  it("is the public's view for the signed-out and for other visitors: kept offline", () => {
    expect(listReadsPrivately(null, event, stands)).toBe(false);
    expect(listReadsPrivately({ id: 'visitor-1', role: 'participant' }, event, stands)).toBe(false);
    // The organiser role alone grants nothing at someone else's event.
    expect(listReadsPrivately({ id: 'organiser-2', role: 'organizer' }, event, stands)).toBe(false);
  });

  it("is private for the event's organiser and admins, even while the list is empty", () => {
    expect(listReadsPrivately({ id: 'organiser-1', role: 'organizer' }, event, stands)).toBe(true);
    expect(listReadsPrivately({ id: 'organiser-1', role: 'participant' }, event, [])).toBe(true);
    expect(listReadsPrivately({ id: 'admin-1', role: 'admin' }, event, [])).toBe(true);
  });

  it("is private for an exhibitor whose own stand is in it (exact position and name), not for a guest stand's null owner", () => {
    expect(listReadsPrivately({ id: 'exhibitor-1', role: 'participant' }, event, stands)).toBe(true);
    expect(listReadsPrivately({ id: 'exhibitor-2', role: 'participant' }, event, [{ exhibitorId: null }])).toBe(false);
  });
});
