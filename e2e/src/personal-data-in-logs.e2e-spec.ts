import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/browser-session.js';
import { Mailbox, confirmGuestAddress, confirmationLink } from './support/mailbox.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * Logs free of personal data (issue 20, item 6): a whole journey with distinctive e-mails and names,
 * at log level debug, through sign-in, profile, events, stands, a guest with mails, refusals, export,
 * self-deletion and sign-out; then no log file of the stack (every app, the mailer, the development
 * identity provider and mail server) holds any of them, plain, URL-encoded or base64url-encoded,
 * nor the guest's manage token (it opens their name and e-mail), the token of the link that
 * confirms their address (it speaks for the address's owner) or the token of a seller's "Bist du
 * dabei?" link (issue 36: it gives the seller's place up without signing in).
 * The logs keep ids, kinds and counts; the mails themselves (in the mail folder) carry the addresses.
 */

let stack: TestStack;
let manageToken = '';
let confirmationToken = '';
let reconfirmationToken = '';

const PEOPLE = {
  organiser: { email: 'xaveria.quendolin@orga-logtest.example', firstName: 'Xaveria', lastName: 'Quendolinski' },
  seller: { email: 'zephyrine.brombeer@seller-logtest.example', firstName: 'Zephyrine', lastName: 'Brombeerstrauch' },
};
const GUEST = { guestFirstName: 'Ottokarine', guestLastName: 'Wunderlichkeit', guestEmail: 'ottokarine.wunderlich@guest-logtest.example' };
const RENAMED = { firstName: 'Philomenia', lastName: 'Quastenflosser' };

const DAY = 24 * 3600 * 1000;
const CENTER = { latitude: 50.9413, longitude: 6.9583 };
const NEAR = { latitude: 50.945, longitude: 6.96 };

/** Every way an e-mail or a name could end up in a log line: as typed, lower case, URL- and base64url-encoded. */
function needles(): string[] {
  const secrets = [manageToken, confirmationToken, reconfirmationToken].filter(Boolean);
  const emails = [...Object.values(PEOPLE).map((p) => p.email), GUEST.guestEmail];
  const names = [
    ...Object.values(PEOPLE).flatMap((p) => [p.firstName, p.lastName]),
    GUEST.guestFirstName,
    GUEST.guestLastName,
    RENAMED.firstName,
    RENAMED.lastName,
  ];
  return [
    ...emails,
    ...emails.map((e) => encodeURIComponent(e)),
    ...emails.map((e) => Buffer.from(e).toString('base64url')),
    ...emails.map((e) => e.split('@')[0]),
    ...names,
    // The manage link's token opens the guest's name and e-mail: it is as personal as they are; the confirmation link's speaks for them,
    // the "Bist du dabei?" link's for the seller.
    ...secrets,
  ].map((n) => n.toLowerCase());
}

async function signedIn(person: { email: string; firstName: string; lastName: string }): Promise<HttpSession & { id: string }> {
  const s = new HttpSession(stack.publicUrl);
  await s.signIn(person);
  const me = await s.json('GET', '/api/auth/user');
  expect(me.status).toBe(200);
  return Object.assign(s, { id: me.body.id as string });
}

beforeAll(async () => {
  stack = await startTestStack({ logLevel: 'debug' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('logs of a whole journey', () => {
  it('hold no e-mail and no name of the people in it', async () => {
    const olga = await signedIn(PEOPLE.organiser);
    const zoe = await signedIn(PEOPLE.seller);
    const mailbox = new Mailbox(stack.mailDir);

    // Names go in through a profile edit too, and a refusal quotes nothing of them.
    expect((await zoe.json('PUT', `/api/users/${zoe.id}`, RENAMED)).status).toBe(200);
    expect((await zoe.json('PUT', `/api/users/${olga.id}`, RENAMED)).status).toBe(403);
    expect((await zoe.json('POST', '/api/exhibitor-profiles', { bio: `${RENAMED.firstName} verkauft Bücher`, specialties: ['Bücher'] })).status).toBe(201);

    const event = await olga.json('POST', '/api/events', {
      name: 'Hofflohmarkt Protokoll',
      location: 'Domplatte, Köln',
      contactEmail: PEOPLE.organiser.email,
      startDateTime: new Date(Date.now() + 10 * DAY).toISOString(),
      endDateTime: new Date(Date.now() + 10 * DAY + 6 * 3600 * 1000).toISOString(),
      ...CENTER,
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const eventId = event.body.id as string;

    const stand = await zoe.json('POST', '/api/stands', { eventId, description: 'Bücher aus dem Keller', categories: ['Bücher'], ...NEAR });
    expect(stand.status, JSON.stringify(stand.body)).toBe(201);
    expect((await zoe.json('POST', '/api/stands', { eventId, description: 'Noch ein zweiter Stand', categories: ['Bücher'], ...NEAR })).status).toBe(409);
    expect((await olga.json('PATCH', `/api/stands/${stand.body.id}/approve-draft`)).status).toBe(200);

    // A guest with an e-mail: asked to confirm it first, then the manage link and the approval are mailed to them.
    const guest = new HttpSession(stack.publicUrl);
    const registered = await guest.json('POST', `/api/events/${eventId}/guest-stands`, {
      ...GUEST,
      description: 'Schallplatten und Bücher',
      categories: ['Bücher'],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    manageToken = String(registered.body.manageUrl).split('/').pop() ?? '';
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await guest.json('GET', `/api/guest-stands/${manageToken}`)).status).toBe(200);
    // The page of the link too (served or not in this stack, the access log sees its path).
    await (await guest.fetch(`/anmeldung/${manageToken}`)).arrayBuffer();
    expect((await guest.json('POST', `/api/events/${eventId}/guest-stands`, { ...GUEST, guestEmail: 'keine-adresse' })).status).toBe(400);
    expect((await olga.json('PATCH', `/api/stands/${registered.body.id}/approve-draft`)).status).toBe(200);
    const request = await confirmGuestAddress(mailbox, GUEST.guestEmail);
    confirmationToken = confirmationLink(request).split('/').pop() ?? '';
    expect(confirmationToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The page of the confirmation link too, as the guest's browser opens it.
    await (await guest.fetch(`/e-mail-bestaetigen/${confirmationToken}`)).arrayBuffer();
    await mailbox.waitFor({ to: GUEST.guestEmail }, 3);

    // A market three hours ahead asks its sellers "Bist du dabei?" at once (issue 36); the seller opens the link's page and answers.
    const soon = await olga.json('POST', '/api/events', {
      name: 'Hofflohmarkt Protokoll am Abend',
      location: 'Domplatte, Köln',
      startDateTime: new Date(Date.now() + 3 * 3600 * 1000).toISOString(),
      endDateTime: new Date(Date.now() + 8 * 3600 * 1000).toISOString(),
      reconfirmation: { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 2 },
      ...CENTER,
    });
    expect(soon.status, JSON.stringify(soon.body)).toBe(201);
    const soonStand = await zoe.json('POST', '/api/stands', { eventId: soon.body.id, description: 'Bücher aus dem Keller', categories: ['Bücher'], ...NEAR });
    expect((await olga.json('PATCH', `/api/stands/${soonStand.body.id}/approve-draft`)).status).toBe(200);
    const question = await mailbox.waitForOne({ to: PEOPLE.seller.email, subject: /^Bist du dabei\? / });
    const yesLink = question.links.find((l) => l.includes('/dabei/') && l.endsWith('?antwort=ja')) ?? '';
    reconfirmationToken = new URL(yesLink).pathname.split('/').pop() ?? '';
    expect(reconfirmationToken.length).toBeGreaterThanOrEqual(22);
    await (await zoe.fetch(`/dabei/${reconfirmationToken}?antwort=ja`)).arrayBuffer();
    expect((await zoe.json('GET', `/api/confirmations/${reconfirmationToken}`)).status).toBe(200);
    expect((await zoe.json('POST', `/api/confirmations/${reconfirmationToken}`, { answer: 'yes' })).status).toBe(200);

    expect((await zoe.fetch('/api/me/export')).status).toBe(200);
    expect((await zoe.json('DELETE', '/api/me', { confirm: 'falsch@example.org' })).status).toBe(400);
    expect((await zoe.json('DELETE', '/api/me', { confirm: PEOPLE.seller.email })).status).toBe(204);
    await olga.signOut();

    // The deletion's cascades and the mails ran through the queues; give the last log lines a moment.
    await new Promise((r) => setTimeout(r, 1500));
    const files = (await readdir(stack.logDir)).filter((f) => f.endsWith('.log'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const found: string[] = [];
    let lines = 0;
    for (const file of files) {
      const text = (await readFile(path.join(stack.logDir, file), 'utf8')).toLowerCase();
      lines += text.split('\n').length;
      for (const needle of needles()) {
        const line = text.split('\n').find((l) => l.includes(needle));
        if (line) found.push(`${file}: ${needle} in ${line.slice(0, 300)}`);
      }
    }
    // The logs were written (debug: every request), so their silence about people means something.
    expect(lines).toBeGreaterThan(100);
    expect(found).toEqual([]);
  }, 120_000);
});
