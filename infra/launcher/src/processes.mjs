import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait.mjs';

/** Waits before restarting a crashed process: doubles from 1 s up to 30 s, as Kubernetes backs off. */
export const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, /** up this long, a process counts as healthy again */ resetAfterMs: 60_000 };

/**
 * Node's on-disk cache of compiled code (Node ≥ 22.1; older ones ignore the variable): a stack starts
 * some ten Node processes that each load the same large module graph (Nest, TypeORM, the AWS and
 * OpenID clients), and with the cache warm a whole stack is ready in about 4 s instead of 8 — for
 * `npm start`'s restarts and for every test file that starts a stack. Under node_modules/.cache:
 * git-ignored, rebuilt by itself when a file or Node changes.
 */
const COMPILE_CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/node-compile');

/** How long a process may take to stop before the kill signal, unless it has its own (stopGraceMs). */
const DEFAULT_STOP_GRACE_MS = 5000;

/**
 * Child processes of the stack. Output goes to one log file per component (JSON lines), so the
 * console keeps the short "ready" lines. stop() sends the stop signal, then the kill signal (SIGKILL
 * unless the entry has another) after a grace period, then SIGKILL if even that did not end it.
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
   * child, for the front's connection handoff); onSpawn(child), called on every (re)start; stopGraceMs
   * (how long a stop may take, 5 s by default) and killSignal (sent after it: SIGKILL unless the program
   * has a better last resort, PostgreSQL's immediate shutdown is SIGQUIT, which also ends its backends).
   */
  start(
    name,
    command,
    args,
    env,
    { cwd, uid, gid, stopSignal = 'SIGTERM', ipc = false, onSpawn, stopGraceMs = DEFAULT_STOP_GRACE_MS, killSignal = 'SIGKILL' } = {},
  ) {
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
      stopGraceMs,
      killSignal,
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
      env: { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR, ...process.env, ...entry.env },
      cwd: entry.cwd,
      stdio: ['ignore', 'pipe', 'pipe', ...(entry.ipc ? ['ipc'] : [])],
      ...(entry.uid === undefined ? {} : { uid: entry.uid, gid: entry.gid }),
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    entry.child = child;
    entry.exited = null;
    entry.startedAt = Date.now();
    const ended = (exited) => {
      // Once per process: a failed spawn may report 'error' and then 'exit', a failed kill an 'error' after it.
      if (entry.child !== child || entry.exited) return;
      entry.exited = exited;
      if (this.supervise && !this.stopping && !entry.stopRequested) this.restartLater(entry);
    };
    child.on('exit', (code, signal) => ended({ code, signal }));
    // A process that could not start (binary missing, EPERM for the server's user) never exits: it ended all the same.
    child.on('error', (err) => ended({ code: null, signal: null, error: err.code ?? err.message }));
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
    const { cwd, uid, gid, stopSignal, ipc, onSpawn, stopGraceMs, killSignal } = entry;
    const fresh = this.start(entry.name, entry.command, entry.args, entry.env, { cwd, uid, gid, stopSignal, ipc, onSpawn, stopGraceMs, killSignal });
    this.children = this.children.filter((c) => c !== entry);
    return fresh;
  }

  /** Waits (wait.mjs) until `ready()` holds; while the entry's process has exited, the error names it and its log. */
  waitReady(entry, what, ready, options) {
    return waitFor(
      what,
      () => {
        if (entry.exited) throw new Error(`${what} exited (${JSON.stringify(entry.exited)}); see ${path.join(this.logDir, `${entry.name}.log`)}`);
        return ready();
      },
      options,
    );
  }

  async stopOne(entry, graceMs = entry.stopGraceMs) {
    entry.stopRequested = true;
    clearTimeout(entry.restartTimer);
    if (entry.exited) return;
    const { child } = entry;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill(entry.stopSignal);
    let lastResort;
    const timer = setTimeout(() => {
      child.kill(entry.killSignal);
      // A program's own last resort (SIGQUIT) that does not end it either: then the kernel's.
      if (entry.killSignal !== 'SIGKILL') lastResort = setTimeout(() => child.kill('SIGKILL'), DEFAULT_STOP_GRACE_MS);
    }, graceMs);
    await done;
    clearTimeout(timer);
    clearTimeout(lastResort);
  }

  async stopAll() {
    this.stopping = true;
    await Promise.all([...this.children].reverse().map((c) => this.stopOne(c)));
  }
}
