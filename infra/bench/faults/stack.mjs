import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '@flohmarkt/launcher';
import { freePorts } from '@flohmarkt/launcher/ports';
import { statFields } from '../process-cpu.mjs';

/** Limits that a one-address, one-organiser benchmark would meet long before any fault does. */
const LIFTED_LIMITS = {
  GUEST_REGISTRATION_LIMIT: '1000000',
  PHOTO_UPLOAD_LIMIT: '1000000',
  WRITE_BUDGET_MARKETS: '1000000',
  WRITE_BUDGET_STANDS: '1000000',
  WRITE_BUDGET_OTHER_WRITES: '1000000',
  WRITE_BUDGET_HOLDS: '1000000',
};

/**
 * The product as `npm start` runs it (supervised: a killed app, Redis, object store or mail server
 * comes back by itself), on free ports with its OWN embedded PostgreSQL and Redis in a scratch
 * folder: the benchmark freezes and kills them, which it must never do to the machine's shared ones.
 * Mails settle at once (MAIL_SETTLE_S=0) so that every expected mail can be counted within the run.
 */
export async function startFaultStack() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-faults-'));
  // The embedded PostgreSQL runs as the OS user postgres when we are root: it must write below here.
  chmodSync(dataDir, 0o777);
  const stack = await startStack({
    ports: await freePorts(),
    dataDir,
    redisPrefix: 'flohmarkt:',
    gatewayHost: '127.0.0.1',
    logLevel: 'warn',
    supervise: true,
    sayProblem: () => undefined,
    gatewayEnv: LIFTED_LIMITS,
    appEnv: {
      stands: { MAIL_SETTLE_S: '0', DIGEST_SWEEP_SECONDS: '1', TILE_URL: '' },
      mailer: { MAIL_PER_ADDRESS_PER_DAY: '1000000', MAIL_THIRD_PARTY_PER_ADDRESS_PER_DAY: '1000000' },
    },
  }).catch((err) => {
    process.stderr.write(`the stack did not start; logs kept in ${dataDir}/logs\n`);
    throw err;
  });
  const postgres = new PostgresProcesses(path.join(dataDir, 'postgres', 'data'));
  return {
    ...stack,
    dataDir,
    postgres,
    async stop({ keepFiles = false } = {}) {
      // The embedded PostgreSQL's own stop() waits for an exit it may have seen already (after a kill):
      // bounded, then whatever of the cluster is left is ended by its process ids.
      await Promise.race([stack.stop(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
      postgres.killAll();
      if (!keepFiles) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parent process id of `pid` (field 4 of its stat). */
function parentOf(pid) {
  try {
    return Number(statFields(pid)[1]);
  } catch {
    return null;
  }
}

/**
 * The embedded PostgreSQL's processes (the postmaster named in postmaster.pid and its backends),
 * for freezing and killing the whole server as a crashed or paused machine would. If nothing
 * restarts it after a kill, `restartByHand()` starts the postmaster again with its old command
 * line, so the remaining faults and the final count can run (the table says it was needed).
 */
class PostgresProcesses {
  constructor(dataDir) {
    this.dataDir = dataDir;
    this.command = null;
    this.spawned = [];
  }

  postmaster() {
    const file = path.join(this.dataDir, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return pid && existsSync(`/proc/${pid}`) ? pid : null;
  }

  /** The postmaster first (so it forks no new backend while the others stop), then its children. */
  pids() {
    const main = this.postmaster();
    if (!main) return [];
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => parentOf(pid) === main);
    return [main, ...children];
  }

  /** Remembers how the running postmaster was started (binary, arguments, user), before a kill. */
  remember() {
    const pid = this.postmaster();
    if (!pid) return;
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)[1]);
    const gid = Number(/^Gid:\s+(\d+)/m.exec(status)[1]);
    this.command = { args, uid, gid };
  }

  restartByHand() {
    if (!this.command || this.postmaster()) return false;
    const [binary, ...args] = this.command.args;
    const child = spawn(binary, args, { uid: this.command.uid, gid: this.command.gid, stdio: 'ignore', env: { ...process.env, LC_MESSAGES: 'C' } });
    child.on('error', () => undefined);
    this.spawned.push(child);
    return true;
  }

  killAll() {
    for (const child of this.spawned) if (child.exitCode === null) child.kill('SIGINT');
    for (const pid of this.pids()) signalPid(pid, 'SIGCONT');
  }
}

export function signalPid(pid, signal) {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}
