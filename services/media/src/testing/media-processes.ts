import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One built app of the media service (dist/main.js or dist/worker.js) as its own process. */
export class MediaProcess {
  private child: ChildProcess | null = null;
  readonly output: string[] = [];

  constructor(
    readonly entry: 'main.js' | 'worker.js',
    readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until /health answers. */
  async start(): Promise<void> {
    this.spawn();
    await this.healthy();
  }

  /** Starts the process without waiting (a test may watch what it does from its first moment). */
  spawn(): void {
    const child = spawn(process.execPath, [path.join(DIST, this.entry)], { env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer): void => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 500) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  async healthy(): Promise<void> {
    const child = this.child!;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.entry} exited (${child.exitCode}):\n${this.output.join('')}`);
      const ok = await fetch(`${this.url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.entry} did not become healthy:\n${this.output.join('')}`);
  }

  /** SIGKILL: no shutdown hook runs, a job in progress keeps its lock until it expires. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
