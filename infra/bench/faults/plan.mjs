import { setTimeout as sleep } from 'node:timers/promises';
import { signalPid } from './stack.mjs';

/** How long "healthy again" is waited for after a fault's end before the table says it never came. */
const HEALTH_TIMEOUT_MS = 120_000;

/**
 * Every part the benchmark faults, with its processes now (a restarted part has a new one) and
 * the read that needs it besides the general probe (see healthy()).
 */
export function partsOf(stack, fixture) {
  const app = (name) => () => (stack.entries[name]?.child?.pid ? [stack.entries[name].child.pid] : []);
  const photo = `${stack.publicUrl}${fixture.photoPath}`;
  const eventStands = `${stack.publicUrl}/api/events/${fixture.eventId}/stands`;
  return [
    { name: 'gateway', pids: app('gateway') },
    { name: 'auth', pids: app('auth') },
    { name: 'events', pids: app('events') },
    { name: 'stands', pids: app('stands'), check: eventStands },
    { name: 'media', pids: app('media'), check: photo },
    { name: 'mailer', pids: app('mailer'), check: `${stack.urls.mailer}/health` },
    { name: 'object store', pids: app('s3'), check: photo },
    { name: 'SMTP', pids: app('devMail'), check: `${stack.urls.devMail}/dev/mail/health` },
    { name: 'Redis', pids: app('redis'), freezeMs: (quick) => (quick ? 5000 : 20_000) },
    { name: 'PostgreSQL', pids: () => stack.postgres.pids(), check: eventStands, postgres: true },
  ];
}

/** The run's faults in order: for each part a freeze (SIGSTOP … SIGCONT), then a kill -9. */
export function faultsOf(parts, { quick, only }) {
  const freezeMs = quick ? 5000 : 10_000;
  return parts
    .filter((part) => !only || only.some((o) => part.name.toLowerCase().includes(o.toLowerCase())))
    .flatMap((part) => [
      {
        part,
        kind: 'freeze',
        ms: part.freezeMs?.(quick) ?? freezeMs,
        label: `${part.name} frozen ${Math.round((part.freezeMs?.(quick) ?? freezeMs) / 1000)} s`,
      },
      { part, kind: 'kill', label: `${part.name} killed (-9)` },
    ]);
}

async function answers2xx(url, headers = {}) {
  try {
    const res = await fetch(url, { headers: { 'cache-control': 'no-cache', ...headers }, signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status >= 200 && res.status < 300;
  } catch {
    return false;
  }
}

/**
 * Healthy: an anonymous event read through to the events service (no-cache), a signed-in read
 * (who am I: session in Redis, user from auth) and the faulted part's own read all answer 2xx.
 */
function healthy(stack, fixture, reader, part) {
  return Promise.all([
    answers2xx(`${stack.publicUrl}/api/events/${fixture.eventId}`),
    answers2xx(`${stack.publicUrl}/api/auth/user`, { cookie: reader.cookieHeader() }),
    part.check ? answers2xx(part.check) : true,
  ]).then((all) => all.every(Boolean));
}

/** Polls healthy() from `since`; ms until it held, or null when it did not within HEALTH_TIMEOUT_MS. */
async function timeToHealthy(since, probe) {
  while (performance.now() - since < HEALTH_TIMEOUT_MS) {
    if (await probe()) return performance.now() - since;
    await sleep(250);
  }
  return null;
}

/**
 * Runs one fault and waits for the product to be healthy again. A freeze stops every process of
 * the part and continues it after `ms`; a kill ends them with SIGKILL and leaves the restart to
 * the product (the launcher's supervision). Only PostgreSQL, if nothing brought it back within
 * HEALTH_TIMEOUT_MS, is started again by the benchmark so that the run can go on (`byHand`).
 */
export async function runFault(fault, { stack, fixture, reader }) {
  const { part } = fault;
  const pids = part.pids();
  if (!pids.length) return { healthyMs: null, note: 'no process found' };
  if (fault.kind === 'freeze') {
    for (const pid of pids) signalPid(pid, 'SIGSTOP');
    try {
      await sleep(fault.ms);
    } finally {
      for (const pid of [...pids].reverse()) signalPid(pid, 'SIGCONT');
    }
  } else {
    if (part.postgres) stack.postgres.remember();
    for (const pid of pids) signalPid(pid, 'SIGKILL');
  }
  const ended = performance.now();
  const probe = () => healthy(stack, fixture, reader, part);
  const healthyMs = await timeToHealthy(ended, probe);
  if (healthyMs !== null || !part.postgres || fault.kind !== 'kill') return { healthyMs };
  stack.postgres.restartByHand();
  const afterHand = await timeToHealthy(performance.now(), probe);
  return {
    healthyMs: null,
    note: `not back within ${HEALTH_TIMEOUT_MS / 1000} s; restarted by the benchmark, healthy ${afterHand === null ? 'never' : `${(afterHand / 1000).toFixed(1)} s`} after`,
  };
}

/** Frozen processes must never outlive the benchmark (Ctrl+C during a freeze). */
export function continueAll(parts) {
  for (const part of parts) for (const pid of part.pids()) signalPid(pid, 'SIGCONT');
}
