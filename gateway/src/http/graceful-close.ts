import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The longest a stopping gateway waits for its requests in flight before it cuts what is left. */
const DRAIN_BOUND_MS = 10_000;

/**
 * Makes `server.close()` (Nest's shutdown on SIGTERM / Strg+C) wait for every request in flight, up to
 * `boundMs`, and only then close the server (its callback and 'close' event, which end Redis and the
 * metrics, come after the last answer). Node's own close does not do this for every connection: a
 * connection given to the server with `emit('connection')` (the launcher's front, adopt-connections.mjs)
 * is not counted by it, so close finished at once and the process ended under its requests; and a
 * keep-alive connection busy at close would hold it for the whole keep-alive time (65 s) after its answer.
 *
 * So it tracks every connection the server sees: at close, idle ones end at once, busy ones after their
 * answer (sent with `Connection: close`), and whatever is left after `boundMs` is cut. Until the real
 * close the server still accepts: a connection that arrives meanwhile gets its one answer and is closed.
 */
export function closeGracefully(server: Server, boundMs = DRAIN_BOUND_MS): void {
  /** Every open connection with the answers still being worked on over it. */
  const open = new Map<Socket, Set<ServerResponse>>();
  let closing = false;
  let drained: (() => void) | null = null;

  server.on('connection', (socket: Socket) => {
    open.set(socket, new Set());
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) drained?.();
    });
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const answers = open.get(socket);
    if (!answers) return;
    answers.add(res);
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => {
      answers.delete(res);
      if (closing && answers.size === 0) socket.end();
    });
  });

  const close = server.close.bind(server);
  server.close = ((callback?: (err?: Error) => void) => {
    if (closing) {
      if (callback) server.once('close', callback);
      return server;
    }
    closing = true;
    for (const [socket, answers] of open) {
      if (answers.size === 0) socket.end();
      // Not answered yet: the answer says that the connection ends with it.
      for (const res of answers) if (!res.headersSent) res.shouldKeepAlive = false;
    }
    const cut = setTimeout(() => {
      for (const socket of open.keys()) socket.destroy();
    }, boundMs);
    void new Promise<void>((resolve) => {
      drained = resolve;
      if (open.size === 0) resolve();
    }).then(() => {
      clearTimeout(cut);
      close(callback);
    });
    return server;
  }) as Server['close'];
}
