import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessGroup, type ProcessEntry } from '@flohmarkt/launcher/processes';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

// `npm start` brings a crashed app back by itself, with backoff, as Kubernetes would; a process
// that was asked to stop stays down.

const logDir = mkdtempSync(path.join(os.tmpdir(), 'supervisor-'));
let stack: TestStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(logDir, { recursive: true, force: true });
});

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

  it('brings a killed service of a running stack back, and the site with it', async () => {
    stack = await startTestStack({ supervise: true });
    const stands = stack.entries.stands as ProcessEntry;
    stands.child.kill('SIGKILL');
    await until('health reports stands missing', async () => (await fetch(`${stack!.publicUrl}/api/health`)).status === 503, 10_000);
    await until('stands back', async () => (await fetch(`${stack!.publicUrl}/api/health`)).status === 200, 60_000);
    expect(stands.restarts).toBe(1);
    const health = await fetch(`${stack.publicUrl}/api/health`);
    expect(await health.json()).not.toHaveProperty('missing');
  });
});
