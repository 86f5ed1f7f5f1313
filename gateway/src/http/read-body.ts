import type { Request } from 'express';

export class BodyTooLargeError extends Error {}

/** The body did not arrive completely within its deadline (a client sending a few bytes a second). */
export class BodyTimeoutError extends Error {}

/** The client went away (closed, reset) before its body was complete: nobody is left to answer. */
export class BodyAbortedError extends Error {}

/**
 * Reads a request body up to `limit` bytes; refuses early on a declared length over the limit. With
 * `timeoutMs`, a body not complete within that time is refused too. A refused body is left unread
 * (paused): the caller answers with `Connection: close`, and the connection ends with the answer.
 */
export function readBody(req: Request, limit: number, timeoutMs?: number): Promise<Buffer> {
  const declared = Number(req.header('content-length') ?? 0);
  if (declared > limit) return Promise.reject(new BodyTooLargeError());
  // Read before (or never sent): nothing more will come, and no 'end' either.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = timeoutMs === undefined ? null : setTimeout(() => stop(new BodyTimeoutError()), timeoutMs);
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) return stop(new BodyTooLargeError());
      chunks.push(chunk);
    };
    const onEnd = (): void => stop(null);
    // A client that goes away before its body is complete.
    const onClose = (): void => stop(new BodyAbortedError('request closed before its body was complete'));
    const onError = (err: Error): void => stop(new BodyAbortedError(err.message));
    function stop(err: Error | null): void {
      if (timer) clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
      if (!err) return resolve(Buffer.concat(chunks));
      req.pause();
      reject(err);
    }
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onError);
  });
}
