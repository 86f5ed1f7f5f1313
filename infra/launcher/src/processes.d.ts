export declare const RESTART_BACKOFF: { firstMs: number; maxMs: number; resetAfterMs: number };

export interface ProcessEntry {
  name: string;
  /** error: the spawn's error code (ENOENT, EPERM) when the process could not start at all. */
  exited: { code: number | null; signal: string | null; error?: string } | null;
  restarts: number;
  child: { pid?: number; kill(signal?: string): boolean };
}

export declare class ProcessGroup {
  constructor(logDir: string, options?: { supervise?: boolean; onRestart?: (entry: ProcessEntry, delayMs: number) => void; backoff?: typeof RESTART_BACKOFF });
  start(
    name: string,
    command: string,
    args: string[],
    env: Record<string, string>,
    options?: {
      cwd?: string;
      uid?: number;
      gid?: number;
      stopSignal?: string;
      ipc?: boolean;
      onSpawn?: (child: unknown) => void;
      stopGraceMs?: number;
      killSignal?: string;
    },
  ): ProcessEntry;
  restart(entry: ProcessEntry): ProcessEntry;
  waitReady(entry: ProcessEntry, what: string, ready: () => unknown, options?: { timeoutMs?: number; intervalMs?: number }): Promise<void>;
  stopOne(entry: ProcessEntry, graceMs?: number): Promise<void>;
  stopAll(): Promise<void>;
}
