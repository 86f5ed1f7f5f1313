#!/usr/bin/env node
/**
 * `npm run bench:faults`: what the product answers while its parts fail, and whether anything is
 * lost or doubled. The whole product as `npm start` runs it (supervised), with its own embedded
 * PostgreSQL and Redis in a scratch folder (never the machine's shared ones). 10 connections read
 * (anonymous and signed in: event list, event page, stands, a photo, who am I, Meine Flohmärkte)
 * and one writer creates markets, guest and seller registrations and approvals, each with an
 * Idempotency-Key, retried with the same key as the web app does. Meanwhile each part is frozen
 * (SIGSTOP, then SIGCONT) and killed (-9) in turn: every app, the object store, the mail server,
 * Redis and PostgreSQL. Afterwards it counts, per fault, the answers, the slowest one, the time to
 * healthy, acknowledged writes lost, writes doubled and mails lost or doubled (faults/table.mjs
 * explains every column), and prints them as a Markdown table. Prints figures; asserts nothing.
 *
 * Full run about 10 minutes (freezes of 10 s, Redis 20 s). `--quick`: 5 s freezes and shorter
 * pauses, for trials. `--only=redis,postgres`: those parts only. `--no-build` skips the build.
 * `--keep`: the scratch folder (logs) stays. `--baseline-only`: no fault, only the "nothing faulted"
 * phase; `--requests=N`: that phase lasts until N requests were answered (else 30 s, quick 10 s).
 * `--fresh-connections`: every request on a new connection (`Connection: close`), not kept alive.
 * Every 5xx is listed with the cause the gateway logged for it (faults/causes.mjs), and the phase
 * prints the machine's load average, so stray answers can be told from a starved machine's deadlines.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '@flohmarkt/launcher';
import { auditMails, auditWrites } from './faults/audit.mjs';
import { fiveHundredsByCause, strayLines } from './faults/causes.mjs';
import { prepareFixture } from './faults/fixture.mjs';
import { continueAll, faultsOf, partsOf, runFault } from './faults/plan.mjs';
import { startFaultStack } from './faults/stack.mjs';
import { LEGEND, figuresOf, formatTable, totalOf } from './faults/table.mjs';
import { startReaders, startWriter, Recorder } from './faults/traffic.mjs';
import { loadAverage } from './process-cpu.mjs';
import { buildAll } from './scratch-stack.mjs';

const QUICK = process.argv.includes('--quick');
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const BASELINE_ONLY = process.argv.includes('--baseline-only');
const FRESH_CONNECTIONS = process.argv.includes('--fresh-connections');
const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice('--requests='.length)) || null;
const CONNECTIONS = 10;
/** Nothing faulted: the stray answers of a healthy product. */
const BASELINE_MS = QUICK ? 10_000 : 30_000;
/** Before each fault, so the phase starts from steady traffic; after healthy, so late effects count. */
const BEFORE_MS = QUICK ? 1000 : 2000;
const SETTLE_MS = QUICK ? 2000 : 5000;

const say = (line = '') => process.stdout.write(`${line}\n`);
const commit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

if (!process.argv.includes('--no-build')) buildAll();
const runId = randomBytes(3).toString('hex');
const stack = await startFaultStack();
let parts = [];
const interrupted = () => {
  continueAll(parts);
  void stack.stop({ keepFiles: true }).finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  const { organiser, seller, sellerEmail, reader, fixture } = await prepareFixture(stack.publicUrl, runId);
  parts = partsOf(stack, fixture);
  const faults = BASELINE_ONLY ? [] : faultsOf(parts, { quick: QUICK, only: ONLY });
  say(
    `faults benchmark ${new Date().toISOString()} · commit ${commit()} · ${QUICK ? 'quick' : 'full'} · ${CONNECTIONS} reading connections + 1 writer${FRESH_CONNECTIONS ? ', a new connection per request' : ''}`,
  );
  say(`scratch stack: ${stack.publicUrl}, data and logs in ${stack.dataDir}\n`);

  const recorder = new Recorder();
  const phases = [{ label: 'nothing faulted', kind: 'baseline' }];
  recorder.phase = phases[0].label;
  const readers = startReaders({ base: stack.publicUrl, recorder, connections: CONNECTIONS, fixture, reader, organiser, freshConnections: FRESH_CONNECTIONS });
  const writer = startWriter({ base: stack.publicUrl, recorder, runId, organiser, seller, freshConnections: FRESH_CONNECTIONS });
  const baselineBegan = performance.now();
  const loadBefore = loadAverage();
  if (REQUESTS) while (recorder.requests.length < REQUESTS) await sleep(100);
  else await sleep(BASELINE_MS);
  say(
    `${phases[0].label}: ${((performance.now() - baselineBegan) / 1000).toFixed(0)} s, load average (1 / 5 / 15 min) ${loadBefore} before, ${loadAverage()} after`,
  );

  for (const fault of faults) {
    const phase = { label: fault.label, kind: fault.kind };
    phases.push(phase);
    recorder.phase = phase.label;
    await sleep(BEFORE_MS);
    const result = await runFault(fault, { stack, fixture, reader });
    Object.assign(phase, result);
    await sleep(SETTLE_MS);
    say(
      `${phase.label}: healthy ${phase.healthyMs === null ? 'never' : `after ${(phase.healthyMs / 1000).toFixed(1)} s`}${phase.note ? ` (${phase.note})` : ''}`,
    );
  }

  recorder.phase = 'after';
  await writer.stop();
  await readers.stop();
  say('\ncounting writes in the database and mails at the development mail server …');
  await auditWrites(stack.databaseUrl, recorder.writes);
  const mails = await auditMails(stack.urls.devMail, recorder.writes, sellerEmail, { quietMs: QUICK ? 10_000 : 20_000 });
  say(`${mails.expected} mails expected, ${mails.received} at the mail server (fixture sign-ups included)\n`);

  const rows = phases.map((phase) => figuresOf(phase, recorder));
  say(formatTable([...rows, totalOf(rows)]));
  for (const phase of phases.filter((p) => p.note)) say(`\n${phase.label}: ${phase.note}`);
  const causes = new Map();
  for (const r of recorder.requests.filter((r) => r.outcome === 'conn')) causes.set(`${r.phase}: ${r.cause}`, (causes.get(`${r.phase}: ${r.cause}`) ?? 0) + 1);
  if (causes.size) say('\nconnection errors by cause:');
  for (const [cause, count] of causes) say(`  ${cause} × ${count}`);
  const stray = fiveHundredsByCause(path.join(stack.dataDir, 'logs'), recorder.requests);
  if (stray.total) say(`\n5xx answers by cause (the gateway's access log, by request id):`);
  for (const line of strayLines(stray)) say(line);
  const notable = recorder.writes.filter((w) => w.lost || w.doubled || w.appliedDespiteError);
  if (notable.length) say('\nwrites lost, doubled or applied despite an error:');
  for (const w of notable)
    say(
      `  ${w.phase}: ${w.what} ${w.marker}, final answer ${w.status} after ${w.attempts} attempt(s), ${w.applied} record(s)${w.replayed ? ', replayed' : ''}`,
    );
  say(`\n${LEGEND.join('\n')}`);
} finally {
  continueAll(parts);
  await stack.stop({ keepFiles: process.argv.includes('--keep') });
}
