/**
 * Loaded into the gateway process by the launcher (`node --import`), never by the gateway's own code:
 * the front (front.mjs) owns the public port and passes each connection over the IPC channel; this
 * gives it to the server that listens on the gateway's PORT, which then serves it as if it had
 * accepted it (the way Node's cluster workers take connections from their primary). The gateway itself
 * still listens on PORT (an internal loopback port: the launcher's health checks).
 *
 * Node's server.close() does not count connections given this way: the gateway's graceful close
 * (gateway/src/http/graceful-close.ts) tracks every connection its server sees, these included, so
 * that a stop answers their requests in flight before the process ends.
 */
import diagnostics from 'node:diagnostics_channel';
import { HANDOFF } from './handoff-messages.mjs';

const port = Number(process.env.PORT);

if (process.send) {
  let server = null;
  const pending = [];
  diagnostics.tracingChannel('net.server.listen').subscribe({
    asyncEnd({ server: listening }) {
      if (server || listening.address()?.port !== port) return;
      server = listening;
      for (const socket of pending.splice(0)) server.emit('connection', socket);
      process.send({ type: HANDOFF.listening });
    },
  });
  process.on('message', (message, socket) => {
    if (message?.type !== HANDOFF.connection || !socket) return;
    if (server) server.emit('connection', socket);
    else pending.push(socket);
  });
  // The channel must not keep a gateway alive that has closed its server (its shutdown ends by itself).
  process.channel?.unref();
}
