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

  start(name, command, args, env, { cwd } = {}) {
    const entry = { name, child: null, exited: null, command, args, env, cwd, restarts: 0, delayMs: this.backoff.firstMs, stopRequested: false };
    this.spawnInto(entry);
    this.children.push(entry);
    return entry;
  }

  /** (Re)starts the entry's process in place, so every holder of the entry sees the new one. */
  spawnInto(entry) {
    const log = createWriteStream(path.join(this.logDir, `${entry.name}.log`), { flags: 'a' });
    const child = spawn(entry.command, entry.args, { env: { ...process.env, ...entry.env }, cwd: entry.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    entry.child = child;
    entry.exited = null;
    entry.startedAt = Date.now();
    child.on('exit', (code, signal) => {
      entry.exited = { code, signal };
      if (this.supervise && !this.stopping && !entry.stopRequested) this.restartLater(entry);
    });
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
    const fresh = this.start(entry.name, entry.command, entry.args, entry.env, { cwd: entry.cwd });
    this.children = this.children.filter((c) => c !== entry);
    return fresh;
  }

  async stopOne(entry, graceMs = 5000) {
    entry.stopRequested = true;
    clearTimeout(entry.restartTimer);
    if (entry.exited) return;
    const done = new Promise((resolve) => entry.child.once('exit', resolve));
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), graceMs);
    await done;
    clearTimeout(timer);
  }

  async stopAll() {
    this.stopping = true;
    await Promise.all([...this.children].reverse().map((c) => this.stopOne(c)));
  }
}
