import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';

/** A Redis server of a test's own, which it may freeze: never the shared one other tests run against. */
export interface OwnRedis {
  url: string;
  /** SIGSTOP: the server keeps its connections open and answers nothing, as a stalled Redis does. */
  freeze(): void;
  /** SIGCONT: it answers again, the commands sent meanwhile first. */
  thaw(): void;
  stop(): Promise<void>;
}

/**
 * Runs redis-server under a small shell that waits on our pipe and SIGKILLs the server once the pipe
 * closes: the kernel closes it whenever this process ends, also when a test worker is killed and no
 * exit handler of ours runs (SIGTERM, SIGKILL). A stopped (SIGSTOP) Redis left behind would hold its
 * port and memory until someone noticed. The shell ignores the terminal's signals so that it, not
 * they, decides; it prints the server's pid first.
 */
const WATCHDOG = `trap '' INT TERM HUP; "$0" "$@" >/dev/null 2>&1 & pid=$!; echo $pid; read -r _; kill -9 $pid 2>/dev/null; wait $pid`;

/** Starts `redis-server` (REDIS_SERVER_BIN, else the one on the PATH) on a free port, without persistence. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const watchdog = spawn('sh', ['-c', WATCHDOG, binary, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const pid = await serverPid(watchdog);
  // Belt and braces for an orderly exit: no wait for the shell to notice.
  const killOnExit = () => signal(pid, 'SIGKILL');
  process.once('exit', killOnExit);
  await untilListening(port, watchdog).catch((err: unknown) => {
    watchdog.stdin?.end();
    throw err;
  });
  let frozen = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
      signal(pid, 'SIGSTOP');
    },
    thaw: () => {
      frozen = false;
      signal(pid, 'SIGCONT');
    },
    stop: async () => {
      process.off('exit', killOnExit);
      if (frozen) signal(pid, 'SIGCONT');
      if (watchdog.exitCode !== null) return;
      const exited = new Promise((resolve) => watchdog.once('exit', resolve));
      // Closing the pipe is what the shell waits for: it kills the server and waits for it.
      watchdog.stdin?.end();
      await exited;
    },
  };
}

/** The first line the watchdog shell prints: the pid of the redis-server it started. */
function serverPid(watchdog: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    watchdog.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^(\d+)\n/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    watchdog.once('exit', (code) => reject(new Error(`redis-server's watchdog exited with ${code}`)));
    watchdog.once('error', reject);
  });
}

/** Sends a signal to a process that may be gone already. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function untilListening(port: number, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}
