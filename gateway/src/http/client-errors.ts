import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_ERRORS } from '@flohmarkt/contracts';

/** Node's parser codes for what it refuses before any handler runs, and the answer each gets. */
function answerOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: API_ERRORS.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: API_ERRORS.bodyTimeout };
  return { status: 400, message: API_ERRORS.malformedRequest };
}

/**
 * A request the HTTP parser refuses (a request line or headers over 16 KB, bytes that are no HTTP, a
 * request that never finished) never reaches a handler: Node answers it itself, without a body. The
 * wire contract promises `{ "message" }` with every 4xx, so the gateway writes that answer instead,
 * unless an answer on that connection has begun already (then it can only close it, as Node does).
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) return void socket.destroy();
    const { status, message } = answerOf(error.code);
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * Headers that stall (a client sends part of them and waits) are answered 408 after `ms` and at most
 * one more second (the server looks at its connections every second at most), as every other answer
 * within its bound, where Node's defaults wait 60 s plus up to 30 s between checks of its connections. Only a request that has begun is timed: an idle keep-alive connection between two
 * requests is not (measured on Node 20 and 24), so this may lie far below SERVICE_KEEP_ALIVE_MS.
 */
export function boundHeaderWait(server: Server, ms: number): void {
  server.headersTimeout = ms;
  // How often the server looks for connections past their time, read when it starts listening (Node's
  // createServer option; its types name it there only).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(100, Math.min(1000, Math.floor(ms / 4)));
}
