import net from 'node:net';

/** Internal ports of the embedded default (README table); none collides with the machine's services. */
export const DEFAULT_PORTS = {
  gateway: 8080,
  /** The gateway's own listener behind the launcher's front (front.mjs), which owns `gateway`. */
  gatewayInternal: 18100,
  gatewayMetrics: 18180,
  postgres: 15432,
  redis: 16379,
  s3: 19000,
  devIdp: 18090,
  auth: 18101,
  events: 18102,
  stands: 18103,
  media: 18104,
  mediaWorker: 18105,
  mailer: 18106,
  devMailSmtp: 12525,
  devMailHttp: 18025,
};

/** A port that was free a moment ago (tests start many stacks side by side). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function freePorts() {
  const entries = await Promise.all(Object.keys(DEFAULT_PORTS).map(async (k) => [k, await freePort()]));
  return Object.fromEntries(entries);
}

export function isPortOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
