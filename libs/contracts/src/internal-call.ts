import type { z } from 'zod';

/** The apps that answer internal calls. */
type TPeer = 'auth' | 'events' | 'stands' | 'media';

/**
 * One internal call between two apps, declared once: who answers it, method and path (`:name`
 * fills one segment), the query, body and answer schemas, and why it is synchronous at all (the rule in
 * ARCHITECTURE.md allows only access decisions and reads that must be fresh at that instant).
 * Both ends use the declaration: the caller through server-kit's PeerClient, which validates the
 * answer; the owner's controller parses the body with the same schema.
 */
export interface InternalCall<TBody extends z.ZodType | null, TAnswer extends z.ZodType> {
  peer: TPeer;
  method: 'GET' | 'POST' | 'DELETE';
  path: `/internal/${string}`;
  /** The query string's parameters (lists travel comma-separated); absent: the call takes none. */
  query?: z.ZodType<Record<string, string | string[]>>;
  /** The JSON body's schema; absent or null: the call sends none. */
  body?: TBody;
  answer: TAnswer;
  why: string;
}

export function internalCall<TBody extends z.ZodType | null = null, TAnswer extends z.ZodType = z.ZodType>(
  call: InternalCall<TBody, TAnswer>,
): InternalCall<TBody, TAnswer> {
  return call;
}

/** The path of a call with its `:name` segments filled in (each value encoded as one segment). */
export function internalCallPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`internal call ${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
