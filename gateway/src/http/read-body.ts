import type { Request } from 'express';

export class BodyTooLargeError extends Error {}

/** Reads a request body up to `limit` bytes; refuses early on a declared length over the limit. */
export async function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.header('content-length') ?? 0);
  if (declared > limit) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
