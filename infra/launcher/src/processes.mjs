import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Waits before restarting a crashed process: doubles from 1 s up to 30 s, as Kubernetes backs off. */
export const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, /** up this long, a process counts as healthy again */ resetAfterMs: 60_000 };

/**
 * Child processes of the stack. Output goes to one log file per component (JSON lines), so the
 * console keeps the short "ready" lines. stop() sends SIGTERM, then SIGKILL after a grace period.
 *
 * With `supervise` (what `npm start` uses), a process that exits without being asked to is started
 * again with backoff, like a crashed container; tests leave it off, so that a process they stop or
 * kill stays down until they restart it.
 */
export class ProcessGroup {
  constructor(logDir, { supervise = false, onRestart = () => undefined, backoff = RESTART_BACKOFF } = {}) {
    this.logDir = logDir;
    this.children = [];
    this.supervise = supervise;
    this.onRestart = onRestart;
    this.backoff = backoff;
    this.stopping = false;
    mkdirSync(logDir, { recursive: true });
  }

  /**
   * options: cwd; uid/gid (PostgreSQL refuses to run as root); stopSignal (SIGTERM unless the program
   * stops cleanly and faster on another: PostgreSQL's fast shutdown is SIGINT); ipc (a channel to the
   * child, for the front's connection handoff); onSpawn(child), called on every (re)start.
   */
  start(name, command, args, env, { cwd, uid, gid, stopSignal = 'SIGTERM', ipc = false, onSpawn } = {}) {
    const entry = {
      name,
      child: null,
      exited: null,
      command,
      args,
      env,
      cwd,
      uid,
      gid,
      stopSignal,
      ipc,
      onSpawn,
      restarts: 0,
      delayMs: this.backoff.firstMs,
      stopRequested: false,
    };
    this.spawnInto(entry);
    this.children.push(entry);
    return entry;
  }

  /** (Re)starts the entry's process in place, so every holder of the entry sees the new one. */
  spawnInto(entry) {
    const log = createWriteStream(path.join(this.logDir, `${entry.name}.log`), { flags: 'a' });
    const child = spawn(entry.command, entry.args, {
      env: { ...process.env, ...entry.env },
      cwd: entry.cwd,
      stdio: ['ignore', 'pipe', 'pipe', ...(entry.ipc ? ['ipc'] : [])],
      ...(entry.uid === undefined ? {} : { uid: entry.uid, gid: entry.gid }),
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    entry.child = child;
    entry.exited = null;
    entry.startedAt = Date.now();
    child.on('exit', (code, signal) => {
      entry.exited = { code, signal };
      if (this.supervise && !this.stopping && !entry.stopRequested) this.restartLater(entry);
    });
    entry.onSpawn?.(child);
  }

  restartLater(entry) {
    if (Date.now() - entry.startedAt > this.backoff.resetAfterMs) entry.delayMs = this.backoff.firstMs;
    const delayMs = entry.delayMs;
    entry.delayMs = Math.min(entry.delayMs * 2, this.backoff.maxMs);
    this.onRestart(entry, delayMs);
    entry.restartTimer = setTimeout(() => {
      if (this.stopping || entry.stopRequested) return;
      entry.restarts++;
      this.spawnInto(entry);
    }, delayMs);
  }

  /** Starts a stopped entry again with the same command (tests: a component restarts). */
  restart(entry) {
    const { cwd, uid, gid, stopSignal, ipc, onSpawn } = entry;
    const fresh = this.start(entry.name, entry.command, entry.args, entry.env, { cwd, uid, gid, stopSignal, ipc, onSpawn });
    this.children = this.children.filter((c) => c !== entry);
    return fresh;
  }

  async stopOne(entry, graceMs = 5000) {
    entry.stopRequested = true;
    clearTimeout(entry.restartTimer);
    if (entry.exited) return;
    const done = new Promise((resolve) => entry.child.once('exit', resolve));
    entry.child.kill(entry.stopSignal);
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), graceMs);
    await done;
    clearTimeout(timer);
  }

  async stopAll() {
    this.stopping = true;
    await Promise.all([...this.children].reverse().map((c) => this.stopOne(c)));
  }
}
