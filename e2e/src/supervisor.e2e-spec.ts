import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the launcher is plain JavaScript (it runs before anything is built)
import { startStack } from '@flohmarkt/launcher';
import { ProcessGroup, type ProcessEntry } from '@flohmarkt/launcher/processes';
import { createScratch, type Scratch } from '@flohmarkt/launcher/scratch';
import { GENEROUS_BUDGETS, WEB_DIST } from './support/stack.js';
import { until } from './support/until.js';

// `npm start` brings a crashed app back by itself, with backoff, as Kubernetes would, the embedded
// PostgreSQL too; a process that was asked to stop stays down; and the public port answers all along.

const logDir = mkdtempSync(path.join(os.tmpdir(), 'supervisor-'));

afterAll(() => rmSync(logDir, { recursive: true, force: true }));

describe('the supervisor of npm start', () => {
  it('restarts a process that exits by itself, doubling the wait each time', async () => {
    const delays: number[] = [];
    const group = new ProcessGroup(logDir, {
      supervise: true,
      onRestart: (_e: ProcessEntry, ms: number) => delays.push(ms),
      backoff: { firstMs: 50, maxMs: 200, resetAfterMs: 60_000 },
    });
    const crashing = group.start('crashing', process.execPath, ['-e', 'process.exit(3)'], {});
    await until('four crashes seen', async () => delays.length >= 4, 10_000);
    await group.stopAll();
    expect(delays.slice(0, 4)).toEqual([50, 100, 200, 200]);
    expect(crashing.exited).toEqual({ code: 3, signal: null });
  });

  it('leaves a process down that it was asked to stop', async () => {
    const group = new ProcessGroup(logDir, { supervise: true, backoff: { firstMs: 20, maxMs: 20, resetAfterMs: 60_000 } });
    const sleeper = group.start('sleeper', process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {});
    await group.stopOne(sleeper);
    await new Promise((r) => setTimeout(r, 200));
    expect(sleeper.restarts).toBe(0);
    expect(sleeper.exited).not.toBeNull();
    await group.stopAll();
  });

  it('counts a process that could not start at all as ended, says why, and tries again', async () => {
    const seen: (ProcessEntry['exited'] | null)[] = [];
    const group = new ProcessGroup(logDir, {
      supervise: true,
      onRestart: (entry: ProcessEntry) => seen.push(entry.exited),
      backoff: { firstMs: 20, maxMs: 20, resetAfterMs: 60_000 },
    });
    group.start('missing', path.join(logDir, 'no-such-binary'), [], {});
    await until('two failed starts seen', async () => seen.length >= 2, 10_000);
    await group.stopAll();
    expect(seen[0]).toEqual({ code: null, signal: null, error: 'ENOENT' });
  });

  it("sends a process that ignores its stop signal its own last resort after the grace (PostgreSQL's SIGQUIT)", async () => {
    const group = new ProcessGroup(logDir);
    const stubborn = group.start(
      'stubborn',
      process.execPath,
      ['-e', "process.on('SIGTERM', () => {}); setTimeout(() => {}, 60000)"],
      {},
      {
        stopGraceMs: 300,
        killSignal: 'SIGQUIT',
      },
    );
    // Its SIGTERM handler is in place once it runs: give it a moment.
    await new Promise((r) => setTimeout(r, 500));
    await group.stopOne(stubborn);
    expect(stubborn.exited).toEqual({ code: null, signal: 'SIGQUIT' });
  });
});

interface SupervisedStack {
  publicUrl: string;
  group: ProcessGroup;
  entries: Record<string, ProcessEntry>;
  stop(): Promise<void>;
}

/** What one request gets: its status, or the connection error's code (ECONNREFUSED, ECONNRESET …). */
async function answer(url: string): Promise<{ status: number | string; type?: string | null; retryAfter?: string | null; body?: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, type: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after'), body: await res.text() };
  } catch (err) {
    return { status: String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message) };
  }
}

/**
 * The product as `npm start` runs it: supervised, the public port owned by the launcher's front, and the
 * embedded PostgreSQL (no database URL given) in the scratch folder; Redis keys and ports of its own.
 * Short restart waits, so that the spec is quick.
 */
describe('a supervised stack (npm start)', () => {
  let scratch: Scratch;
  let stack: SupervisedStack;
  const problems: string[] = [];

  beforeAll(async () => {
    scratch = await createScratch('e2e');
    // As root, PostgreSQL runs as the OS user postgres, which must reach its data folder inside this one.
    chmodSync(scratch.dataDir, 0o755);
    stack = await startStack({
      ports: scratch.ports,
      dataDir: scratch.dataDir,
      redisUrl: scratch.redisUrl,
      redisPrefix: scratch.redisPrefix,
      publicUrl: `http://localhost:${scratch.ports.gateway}`,
      gatewayHost: '127.0.0.1',
      gatewayEnv: GENEROUS_BUDGETS,
      webDist: WEB_DIST,
      logLevel: 'warn',
      supervise: true,
      restartBackoff: { firstMs: 300, maxMs: 2000, resetAfterMs: 60_000 },
      sayProblem: (line: string) => problems.push(line),
    }).catch(async (err: Error) => {
      await scratch.dispose({ keepFiles: true }).catch(() => undefined);
      throw err;
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await scratch?.dispose();
  });

  it('brings a killed service back, and the site with it', async () => {
    const stands = stack.entries.stands;
    stands.child.kill('SIGKILL');
    await until('health reports stands missing', async () => (await fetch(`${stack.publicUrl}/api/health`)).status === 503, 10_000);
    await until('stands back', async () => (await fetch(`${stack.publicUrl}/api/health`)).status === 200, 60_000);
    expect(stands.restarts).toBe(1);
    const health = await fetch(`${stack.publicUrl}/api/health`);
    expect(await health.json()).not.toHaveProperty('missing');
    expect(problems.some((line) => /^stands beendet \(SIGKILL\), Neustart in \d+ s \(Log: .*stands\.log\)$/.test(line))).toBe(true);
  });

  it('brings the embedded PostgreSQL back after its postmaster was killed, with its data, and the services read from it again', async () => {
    const postgres = stack.entries.postgres;
    const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${scratch.ports.postgres}/flohmarkt`;
    const write = new pg.Client({ connectionString: databaseUrl });
    await write.connect();
    await write.query('CREATE TABLE public.supervisor_marker (note text); INSERT INTO public.supervisor_marker VALUES ($$kept$$)');
    await write.end();
    // A read the events service answers from its database each time (no answer kept: a new limit, an unknown id).
    let n = 0;
    const readsFromDatabase = async () => {
      n++;
      const list = await fetch(`${stack.publicUrl}/api/events?limit=${n}`);
      const unknown = await fetch(`${stack.publicUrl}/api/events/${randomUUID()}`);
      return list.status === 200 && unknown.status === 404;
    };
    expect(await readsFromDatabase()).toBe(true);

    postgres.child.kill('SIGKILL');
    await until('PostgreSQL restarted', async () => postgres.restarts >= 1, 10_000);
    await until('the services read from the database again', readsFromDatabase, 60_000, 250);

    expect(problems.some((line) => /^postgres beendet \(SIGKILL\), Neustart in \d+ s \(Log: .*postgres\.log\)$/.test(line))).toBe(true);
    const read = new pg.Client({ connectionString: databaseUrl });
    await read.connect();
    const { rows } = await read.query('SELECT note FROM public.supervisor_marker');
    await read.end();
    expect(rows).toEqual([{ note: 'kept' }]);
  });

  it('keeps the public port answering while the gateway restarts: 503 for /api, the holding page for pages, then the product again', async () => {
    const gateway = stack.entries.gateway;
    gateway.child.kill('SIGKILL');
    await until('gateway exited', async () => gateway.exited !== null, 5_000, 10);

    const api = await answer(`${stack.publicUrl}/api/events`);
    expect(api.status).toBe(503);
    expect(api.retryAfter).toBe('3');
    expect(JSON.parse(api.body ?? '{}')).toEqual({ message: expect.stringMatching(/gleich noch einmal/) });
    const page = await answer(`${stack.publicUrl}/events/${randomUUID()}`);
    expect(page.status).toBe(503);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('Flohmarkt startet');

    // Every answer until the product is back: only statuses, never a refused or dropped connection.
    const seen = new Set<number | string>();
    await until(
      'the event list answers again',
      async () => {
        const { status } = await answer(`${stack.publicUrl}/api/events`);
        seen.add(status);
        return status === 200;
      },
      60_000,
      50,
    );
    expect([...seen].filter((status) => typeof status !== 'number')).toEqual([]);
    expect(gateway.restarts).toBe(1);
    const home = await answer(`${stack.publicUrl}/`);
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('Flohmarkt startet');
  });

  // Last: the gateway stays down afterwards.
  it('lets a stopping gateway answer the request in flight on a connection the front handed it, not cut it', async () => {
    const events = stack.entries.events;
    // A frozen service keeps the request in flight until the gateway's own timeout answers it (503).
    events.child.kill('SIGSTOP');
    try {
      const inFlight = answer(`${stack.publicUrl}/api/events/${randomUUID()}`);
      await new Promise((r) => setTimeout(r, 500));
      const stopped = stack.group.stopOne(stack.entries.gateway);
      const { status, body } = await inFlight;
      expect(status).toBe(503);
      expect(JSON.parse(body ?? '{}').message).not.toMatch(/startet gerade/);
      await stopped;
      expect(stack.entries.gateway.exited).not.toBeNull();
    } finally {
      events.child.kill('SIGCONT');
    }
  });
});
