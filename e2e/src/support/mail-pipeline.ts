import pg from 'pg';
import { QUEUES } from '@flohmarkt/contracts';
import type { TestStack } from './stack.js';
import { until } from './until.js';

/** One series of a Prometheus text scrape. */
interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SERIES = /^(\w+)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Every series of a process's `/metrics`. */
async function scrape(url: string): Promise<Series[]> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) });
  if (res.status !== 200) throw new Error(`${url}/metrics: ${res.status}`);
  const series: Series[] = [];
  for (const line of (await res.text()).split('\n')) {
    const match = SERIES.exec(line.trim());
    if (!match || line.startsWith('#')) continue;
    series.push({ name: match[1], labels: Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]])), value: Number(match[3]) });
  }
  return series;
}

/**
 * The sum of the series `name` carrying `labels`. A gauge read at scrape time is left out of the
 * scrape while its source cannot be read (Redis or the database away): then this throws, so that
 * a missing figure never reads as 0.
 */
function sumOf(series: Series[], name: string, labels: Record<string, string>, required = true): number {
  const found = series.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (required && found.length === 0) throw new Error(`no ${name} ${JSON.stringify(labels)} in the scrape`);
  return found.reduce((sum, s) => sum + s.value, 0);
}

/** Jobs of a queue not done yet: waiting, running or waiting out a retry. */
const unfinished = (series: Series[], queue: string): number =>
  ['waiting', 'active', 'delayed'].reduce((sum, state) => sum + sumOf(series, 'flohmarkt_queue_jobs', { queue, state }), 0);

/**
 * Where a mail can be on its way in a stack, in the order it passes: a service's outbox (auth,
 * events, media: a change that stands hears of), the message queues between the services, a
 * notice of stands waiting out its settle time (`settling_notices`, a decision or a change), the
 * stands outbox (MailRequested), the mail queue, and the mailer, whose job ends only once the
 * development mail server has kept the mail (it writes the .eml before it answers 250).
 *
 * A negative check ("no mail went") waits for `idle()` instead of a fixed pause: once nothing is
 * on its way any more, every mail that was due has arrived, so one wrongly sent would be in the
 * mailbox. The stages are read downstream, one after another: a message only moves on, so a stage
 * seen empty after every stage before it was seen empty holds nothing that was there before.
 */
export class MailPipeline {
  private constructor(
    private readonly stack: TestStack,
    private readonly db: pg.Client,
  ) {}

  static async open(stack: TestStack): Promise<MailPipeline> {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    return new MailPipeline(stack, db);
  }

  async close(): Promise<void> {
    await this.db.end();
  }

  /** True when nothing is left before the mail queue: every mail due by now is in the mailer's queue or beyond. */
  async handedToMailer(): Promise<boolean> {
    for (const service of ['auth', 'events', 'media'])
      if (sumOf(await scrape(this.stack.urls[service]), 'flohmarkt_outbox_pending', { schema: service }) > 0) return false;
    const between = await scrape(this.stack.urls.stands);
    for (const queue of Object.values(QUEUES)) if (queue !== QUEUES.mail && unfinished(between, queue) > 0) return false;
    // A notice set far ahead (a change within MAIL_CHANGE_INTERVAL_H of the last one told) is no mail of this test.
    const { rows } = await this.db.query<{ due: number }>(
      `SELECT count(*)::int AS due FROM stands.settling_notices WHERE due_at < now() + interval '1 minute'`,
    );
    if (rows[0].due > 0) return false;
    return sumOf(await scrape(this.stack.urls.stands), 'flohmarkt_outbox_pending', { schema: 'stands' }) === 0;
  }

  /** True when no mail is on its way at all: what was due has been kept by the mail server, or dropped for good. */
  async idle(): Promise<boolean> {
    return (await this.handedToMailer()) && unfinished(await scrape(this.stack.urls.mailer), QUEUES.mail) === 0;
  }

  async waitHandedToMailer(timeoutMs = 30_000): Promise<void> {
    await until('every mail due in the mail queue', () => this.handedToMailer(), timeoutMs, 200);
  }

  async waitIdle(timeoutMs = 30_000): Promise<void> {
    await until('no mail on its way', () => this.idle(), timeoutMs, 200);
  }

  /** Send attempts the mailer counted as failed (an SMTP server away, say) since it started. */
  async failedSends(): Promise<number> {
    return sumOf(await scrape(this.stack.urls.mailer), 'jobs_total', { queue: QUEUES.mail, result: 'failed' }, false);
  }
}
