import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { acknowledged } from './traffic.mjs';

/** The longest the count waits for mails, however often new ones arrive. */
const MAIL_WAIT_MAX_MS = 120_000;

/** How many records each write left in the database, found by its marker. */
const APPLIED_SQL = {
  market: ['SELECT count(*)::int AS n FROM events.events WHERE name = $1', (m) => `Störfallmarkt ${m}`],
  'guest stand': ['SELECT count(*)::int AS n FROM stands.stands WHERE guest_email = $1', (m) => `gast-${m}@example.org`],
  'seller stand': ['SELECT count(*)::int AS n FROM stands.stands WHERE description = $1', (m) => `Verkäuferstand ${m}`],
  approval: ["SELECT count(*)::int AS n FROM stands.stands WHERE description = $1 AND status = 'approved'", (m) => `Verkäuferstand ${m}`],
};

/**
 * After the run: each write's records in the database. Lost = answered 2xx, nothing there;
 * doubled = more than one record for one write (an approval cannot double: it is a state);
 * applied despite an error = not acknowledged (4xx/5xx/no answer after every retry), yet there.
 */
export async function auditWrites(databaseUrl, writes) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const write of writes) {
      const [sql, param] = APPLIED_SQL[write.what];
      write.applied = (await db.query(sql, [param(write.marker)])).rows[0].n;
      write.lost = acknowledged(write) && write.applied === 0;
      write.doubled = write.applied > 1;
      write.appliedDespiteError = !acknowledged(write) && write.applied > 0;
    }
  } finally {
    await db.end();
  }
}

/**
 * The mails each applied write should cause: a guest registration one request to confirm the
 * guest's own address, an approval one decision mail to the seller naming the market. Waits until
 * the development mail server holds all of them, or nothing new came for `quietMs` (then the rest
 * counts as lost), and counts what arrived per expected mail.
 */
export async function auditMails(devMailUrl, writes, sellerEmail, { quietMs }) {
  const expected = [];
  for (const write of writes) {
    if (write.what === 'guest stand' && write.applied > 0) {
      const to = `gast-${write.marker}@example.org`;
      expected.push({ write, matches: (m) => m.to.some((t) => t.toLowerCase().includes(to)) && /bestätige/i.test(m.subject) });
    }
    if (write.what === 'approval' && write.applied > 0) {
      const market = `Störfallmarkt ${write.marker}“`;
      expected.push({ write, matches: (m) => m.to.some((t) => t.toLowerCase().includes(sellerEmail)) && m.subject.includes(market) });
    }
  }
  const started = Date.now();
  let lastCount = -1;
  let lastChange = Date.now();
  let messages = [];
  for (;;) {
    messages = await listMails(devMailUrl).catch(() => messages);
    const found = expected.filter((e) => messages.some(e.matches)).length;
    if (messages.length !== lastCount) {
      lastCount = messages.length;
      lastChange = Date.now();
    }
    if (found === expected.length || Date.now() - lastChange > quietMs || Date.now() - started > MAIL_WAIT_MAX_MS) break;
    await sleep(1000);
  }
  for (const e of expected) {
    const received = messages.filter(e.matches).length;
    e.write.mailsExpected = (e.write.mailsExpected ?? 0) + 1;
    e.write.mailsLost = (e.write.mailsLost ?? 0) + (received === 0 ? 1 : 0);
    e.write.mailsDoubled = (e.write.mailsDoubled ?? 0) + Math.max(0, received - 1);
  }
  return { expected: expected.length, received: messages.length };
}

async function listMails(devMailUrl) {
  const res = await fetch(`${devMailUrl}/dev/mail/messages.json`, { signal: AbortSignal.timeout(10_000) });
  const { messages } = await res.json();
  return messages.map((m) => ({ to: Array.isArray(m.to) ? m.to : [String(m.to)], subject: String(m.subject ?? '') }));
}
