#!/usr/bin/env node
/**
 * Bursts after idle pauses, against the faults benchmark's scratch stack with nothing faulted: the
 * traffic that meets an idle-socket race (a pooled connection picked just as its server closes it
 * after its keep-alive time, Node's default 5 s). Steady load never leaves a socket idle that long;
 * this sends `--burst=N` reads at once (every kind the readers of bench:faults send), waits a pause
 * around 5 s (4.6 to 5.4 s, so the pools' and servers' timers meet), and again, `--rounds=N` times.
 * Prints the answers and every 5xx with the cause the gateway logged (causes.mjs). `--keep` keeps
 * the logs. Run `npm run build` (or bench:faults once) before: it uses the built apps.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fiveHundredsByCause, strayLines } from './causes.mjs';
import { prepareFixture } from './fixture.mjs';
import { startFaultStack } from './stack.mjs';
import { Recorder, cookieOf, readsOf, timedFetch } from './traffic.mjs';

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)) || fallback;
const ROUNDS = option('rounds', 60);
const BURST = option('burst', 20);
const say = (line = '') => process.stdout.write(`${line}\n`);

const stack = await startFaultStack();
try {
  const { organiser, reader, fixture } = await prepareFixture(stack.publicUrl, randomBytes(3).toString('hex'));
  const reads = readsOf({ fixture, reader, organiser });
  const recorder = new Recorder();
  recorder.phase = 'idle bursts';
  say(`idle bursts: ${ROUNDS} rounds of ${BURST} reads at once, 4.6-5.4 s apart; logs in ${stack.dataDir}/logs`);
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const [session, target] = reads[(round + i) % reads.length];
        recorder.record('read', await timedFetch(`${stack.publicUrl}${target}`, { headers: cookieOf(session) }), `GET ${target}`);
      }),
    );
    await sleep(4600 + Math.random() * 800);
  }
  const outcomes = new Map();
  for (const r of recorder.requests) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  say(`${recorder.requests.length} requests: ${[...outcomes].map(([outcome, n]) => `${outcome} × ${n}`).join(', ')}`);
  for (const line of strayLines(fiveHundredsByCause(path.join(stack.dataDir, 'logs'), recorder.requests))) say(line);
} finally {
  await stack.stop({ keepFiles: process.argv.includes('--keep') });
}
