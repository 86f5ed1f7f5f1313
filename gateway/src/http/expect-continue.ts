import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers whose `100 Continue` waits for the gateway's decision (continueBody). */
const deferred = new WeakSet<ServerResponse>();

/**
 * Node answers `Expect: 100-continue` with `100 Continue` at once unless the server listens for
 * 'checkContinue'. For the requests `defers` picks (photo uploads), the 100 waits until the gateway
 * has decided that it wants the body (continueBody): a caller it refuses gets its 4xx and never
 * sends the body. Every other request is continued at once, as before.
 */
export function deferContinue(server: Server, defers: (req: IncomingMessage) => boolean): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (defers(req)) deferred.add(res);
    else res.writeContinue();
    server.emit('request', req, res);
  });
}

/** The client may send its body now (when it asked to be told). */
export function continueBody(res: ServerResponse): void {
  if (deferred.delete(res)) res.writeContinue();
}
