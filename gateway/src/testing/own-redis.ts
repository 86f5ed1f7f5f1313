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

/** Starts `redis-server` (REDIS_SERVER_BIN, else the one on the PATH) on a free port, without persistence. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const server = spawn(process.env.REDIS_SERVER_BIN ?? 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await untilListening(port, server);
  let frozen = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
      server.kill('SIGSTOP');
    },
    thaw: () => {
      frozen = false;
      server.kill('SIGCONT');
    },
    stop: async () => {
      if (frozen) server.kill('SIGCONT');
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
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
