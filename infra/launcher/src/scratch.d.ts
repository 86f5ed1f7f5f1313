export declare const SCRATCH_ADMIN_URL: string;
export declare const SCRATCH_REDIS_URL: string;

export interface Scratch {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  ports: Record<string, number>;
  dispose(options?: { keepFiles?: boolean }): Promise<void>;
}

export declare function createScratch(kind: string): Promise<Scratch>;
