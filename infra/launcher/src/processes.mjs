import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Child processes of the stack. Output goes to one log file per component (JSON lines), so the
 * console keeps the short "ready" lines. stop() sends SIGTERM, then SIGKILL after a grace period.
 */
export class ProcessGroup {
  constructor(logDir) {
    this.logDir = logDir;
    this.children = [];
    mkdirSync(logDir, { recursive: true });
  }

  start(name, command, args, env, { cwd } = {}) {
    const log = createWriteStream(path.join(this.logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(command, args, { env: { ...process.env, ...env }, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const entry = { name, child, exited: null, command, args, env, cwd };
    child.on('exit', (code, signal) => {
      entry.exited = { code, signal };
    });
    this.children.push(entry);
    return entry;
  }

  /** Starts a stopped entry again with the same command (tests: a component restarts). */
  restart(entry) {
    const fresh = this.start(entry.name, entry.command, entry.args, entry.env, { cwd: entry.cwd });
    this.children = this.children.filter((c) => c !== entry);
    return fresh;
  }

  async stopOne(entry, graceMs = 5000) {
    if (entry.exited) return;
    const done = new Promise((resolve) => entry.child.once('exit', resolve));
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), graceMs);
    await done;
    clearTimeout(timer);
  }

  async stopAll() {
    await Promise.all([...this.children].reverse().map((c) => this.stopOne(c)));
  }
}
