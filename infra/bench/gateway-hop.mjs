#!/usr/bin/env node
/**
 * `npm run bench:gateway-hop`: what the gateway's hop alone costs an uncached read (issue 32, docs/adr/0009).
 * The gateway is started with the plain node:http + pg server of `bench:api` (reference-server.mjs) in
 * place of the events service, so GET /api/events/{id} with `Cache-Control: no-cache` goes through
 * every step of the gateway to a service that costs no more than the yardstick itself. Printed, with
 * wrk at 50 connections, BENCH_RUNS times (default 3): the yardstick alone, a bare node:http proxy in
 * front of it (bare-proxy.mjs: what any Node hop costs) and the gateway in front of it, each with its
 * share and the hop's CPU time per read; the product's own figure (the real events service behind the
 * gateway) is `bench:api -- --quick`. `--profile` also prints where the gateway's CPU went. Asserts nothing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { HEAP_OPTIONS } from '@flohmarkt/launcher/heap-options';
import { profiledRun } from './cpu-profile-summary.mjs';
import { processCpuMs } from './process-cpu.mjs';
import { startReferenceServer } from './reference-server.mjs';
import { buildAll, startScratchStack } from './scratch-stack.mjs';
import { seedEvents, seedStands } from './seed-sql.mjs';
import { hasWrk, wrkMeasure } from './wrk.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROFILE_DIR = process.argv.includes('--profile') ? mkdtempSync(path.join(os.tmpdir(), 'bench-profile-')) : null;
const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cpu-profile-preload.mjs');
const say = (line) => process.stdout.write(`${line}\n`);
if (!hasWrk()) throw new Error('bench:gateway-hop needs wrk (`apt-get install wrk`)');

if (!process.argv.includes('--no-build')) buildAll();
let reference;
let bare;
const stack = await startScratchStack(async (scratch) => {
  reference = await startReferenceServer(scratch.databaseUrl, { landing: [] });
  const profiling = PROFILE_DIR ? { NODE_OPTIONS: `${HEAP_OPTIONS.gateway} --import ${preload}`, CPU_PROFILE_DIR: PROFILE_DIR } : {};
  return { appEnv: { gateway: { EVENTS_SERVICE_URL: reference.url, ...profiling } } };
});
try {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  await seedEvents(db, 20_000);
  const [{ id: big }] = (await db.query('SELECT id FROM events.events ORDER BY start_date_time LIMIT 1')).rows;
  await seedStands(db, 40_000, big, 300);
  const ids = (await db.query('SELECT id FROM events.events ORDER BY random() LIMIT 200')).rows.map((r) => r.id);
  await db.end();
  bare = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-proxy.mjs')], {
    env: { ...process.env, TARGET: reference.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = await once(bare.stdout, 'data');
  const bareUrl = `http://127.0.0.1:${Number(String(port))}`;

  // wrk resolves `localhost` to ::1 first, where the gateway (127.0.0.1) does not listen.
  const gateway = stack.publicUrl.replace('//localhost:', '//127.0.0.1:');
  const through = (origin) => () =>
    wrkMeasure(
      origin,
      ids.map((id) => `/api/events/${id}`),
      { headers: { 'cache-control': 'no-cache' } },
    );
  const viaGateway = through(gateway);
  // The hop's figure and the CPU time (user + system, /proc) its process spent per answered read.
  const measured = async (pid, measure) => {
    const before = processCpuMs(pid);
    const result = await measure();
    return { ...result, cpuUs: ((processCpuMs(pid) - before) * 1000) / result.requests };
  };
  const hop = (label, result, alone) =>
    `${label} ${result.rps.toFixed(0)} req/s (${((100 * result.rps) / alone.rps).toFixed(0)} %, ${result.cpuUs.toFixed(0)} µs CPU a read)`;
  say(
    'event detail, no-cache, wrk 50 connections, 10 s each: node:http + pg alone, then as the events service behind a bare node:http proxy and behind the gateway',
  );
  for (let run = 1; run <= RUNS; run++) {
    const alone = await wrkMeasure(
      reference.url,
      ids.map((id) => `/events/${id}`),
    );
    const viaBare = await measured(bare.pid, through(bareUrl));
    const viaTheGateway = await measured(stack.entries.gateway.child.pid, viaGateway);
    say(`  run ${run}: alone ${alone.rps.toFixed(0)} req/s · ${hop('bare proxy', viaBare, alone)} · ${hop('gateway', viaTheGateway, alone)}`);
  }
  if (PROFILE_DIR) {
    const { result, summary } = await profiledRun(stack.entries.gateway.child, PROFILE_DIR, viaGateway);
    say(`\ngateway CPU profile, ${result.rps.toFixed(0)} req/s:\n${summary}`);
  }
} finally {
  bare?.kill();
  // The yardstick's connections first: the scratch database goes with the stack.
  await reference?.stop();
  await stack.stop();
}
