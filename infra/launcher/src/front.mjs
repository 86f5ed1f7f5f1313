import net from 'node:net';
import { LOOPBACK_HOST } from './bind-host.mjs';
import { HANDOFF } from './handoff-messages.mjs';
import { holdingServer } from './holding-server.mjs';

/** What the gateway process loads first (`node --import <this> gateway/dist/main.js`) to take connections over. */
export const ADOPT_CONNECTIONS = new URL('./adopt-connections.mjs', import.meta.url).href;

/**
 * The product's public port, owned by the launcher for as long as it runs, so that it never refuses
 * a connection: not during the build, not while a gateway starts, not while a crashed one restarts.
 *
 * Each accepted connection goes whole to a gateway process that is up (round robin when there are
 * several): the socket itself is passed over the child's IPC channel, as Node's cluster module does,
 * and the gateway's HTTP server takes it as if it had accepted it. The bytes then flow between the
 * browser and the gateway directly: no proxy in the path, the client's address stays the gateway's
 * `remoteAddress` (its rate limits and upload slots per address keep working without trusting a
 * forwarded header), and the only added cost is one IPC message per new connection. While no gateway
 * is up, the holding server answers on the same socket (503: JSON for /api, the German page else).
 *
 * Why not hand the port itself back and forth: closing the holding server and letting the gateway
 * bind leaves the port closed for the gateway's whole start (seconds), and Node 20 has no
 * SO_REUSEPORT for TCP outside cluster, so the two cannot listen together. Sharing the listening
 * socket with the gateway would make both accept at random, and the launcher cannot stop accepting
 * without closing it. A proxy in front (a second hop) would cost latency on every request and hide
 * the client's address.
 *
 * onProblem(line) hears what goes wrong after the start (the console's `!` lines by default).
 */
export async function startFront(port, host = LOOPBACK_HOST, { onProblem = (line) => process.stderr.write(`  ! ${line}\n`) } = {}) {
  const holding = holdingServer();
  const gateways = [];
  // Per gateway, the sockets given to child.send whose write has not happened yet: Node queues them
  // while the previous one waits for the child's acknowledgement, and drops that queue when the child
  // dies. The holding server answers those instead of leaving them hanging.
  const unsent = new Map();
  let next = 0;
  const hold = (socket) => {
    holding.emit('connection', socket);
    socket.resume();
  };
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    const up = gateways.filter((child) => child.connected);
    if (up.length === 0) return hold(socket);
    const child = up[next++ % up.length];
    const waiting = unsent.get(child);
    waiting.add(socket);
    // keepOpen: our copy of the socket stays ours until the write is done, then we close it ourselves.
    // (Without it Node closes it only on the child's acknowledgement, and never when the child dies
    // first: the browser would wait on a connection nobody serves.) Once written, the descriptor travels
    // in the kernel: a gateway that dies before reading it leaves a closed connection, not a hanging one.
    child.send({ type: HANDOFF.connection }, socket, { keepOpen: true }, (err) => {
      waiting.delete(socket);
      // Not sent (the gateway died a moment ago): the holding server answers it.
      if (err) hold(socket);
      else socket.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  // Once listening, an accept that fails (EMFILE: out of file descriptors) is reported here; unheard it
  // would end the launcher and the whole product with it. Node goes on accepting after it.
  server.on('error', (err) => onProblem(`Öffentlicher Port ${port}: Verbindung nicht angenommen (${err.code ?? err.message})`));
  return {
    port,
    /** A gateway process (started with ADOPT_CONNECTIONS and an IPC channel) takes connections from when it listens until it exits. */
    adopt(child) {
      unsent.set(child, new Set());
      const leave = () => {
        const index = gateways.indexOf(child);
        if (index >= 0) gateways.splice(index, 1);
        const waiting = unsent.get(child);
        unsent.delete(child);
        for (const socket of waiting ?? []) hold(socket);
      };
      child.on('message', (message) => {
        if (message?.type === HANDOFF.listening && !gateways.includes(child)) gateways.push(child);
      });
      child.once('exit', leave);
      child.once('disconnect', leave);
    },
    /**
     * Stops listening at once. Not waiting for server.close's callback: Node counts a connection
     * passed to a gateway as the server's until that process reports it closed, which a process
     * that has already ended never does.
     */
    close: () => {
      server.close();
      holding.closeAllConnections();
      return new Promise((resolve) => setImmediate(resolve));
    },
  };
}
