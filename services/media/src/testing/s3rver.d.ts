// s3rver ships no types; the tests use this much of it.
declare module 's3rver' {
  import type { Server } from 'node:http';
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    httpServer?: Server;
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
