/**
 * Bounds the memory that large request bodies (photo uploads, up to 15 MB each, held whole while
 * they are checked) can take in one process: at most `perProcess` in flight, at most `perUser` of
 * them for one user. A request waits for a free slot before its body is read — meanwhile its bytes
 * stay in the socket, where TCP holds them back — for at most `waitMs`, and at most `queue` wait.
 */
export interface UploadGateOptions {
  perProcess: number;
  perUser: number;
  queue: number;
  waitMs: number;
}

/** Why a request got no slot: its user has enough in flight (429), or the process is full (503). */
export type UploadRefusal = 'user-busy' | 'process-busy';

export type ReleaseSlot = () => void;

/** The variables both the gateway and media read for their gate (README: UPLOAD_*). */
export interface UploadGateSettings {
  UPLOAD_CONCURRENCY: number;
  UPLOAD_CONCURRENCY_PER_USER: number;
  UPLOAD_QUEUE: number;
  UPLOAD_WAIT_MS: number;
}

export class UploadGate {
  private active = 0;
  private readonly perUser = new Map<string, number>();
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: UploadGateOptions) {}

  static fromSettings(settings: UploadGateSettings): UploadGate {
    return new UploadGate({
      perProcess: settings.UPLOAD_CONCURRENCY,
      perUser: settings.UPLOAD_CONCURRENCY_PER_USER,
      queue: settings.UPLOAD_QUEUE,
      waitMs: settings.UPLOAD_WAIT_MS,
    });
  }

  /** A slot (call the release exactly once, when the answer is done), or why there is none. */
  async enter(userKey: string): Promise<ReleaseSlot | UploadRefusal> {
    if ((this.perUser.get(userKey) ?? 0) >= this.options.perUser) return 'user-busy';
    this.perUser.set(userKey, (this.perUser.get(userKey) ?? 0) + 1);
    const free = this.active < this.options.perProcess;
    if (free) this.active++;
    if (!free && !(await this.waitForSlot())) {
      this.leaveUser(userKey);
      return 'process-busy';
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.leaveUser(userKey);
      this.waiting.shift()?.();
    };
  }

  /** Uploads in flight in this process (for tests and metrics). */
  get inFlight(): number {
    return this.active;
  }

  /** Resolves true with the slot already taken (so no newcomer can take it first), false on time-out. */
  private waitForSlot(): Promise<boolean> {
    if (this.waiting.length >= this.options.queue) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.active++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(wake);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve(false);
      }, this.options.waitMs);
      this.waiting.push(wake);
    });
  }

  private leaveUser(userKey: string): void {
    const left = (this.perUser.get(userKey) ?? 1) - 1;
    if (left > 0) this.perUser.set(userKey, left);
    else this.perUser.delete(userKey);
  }
}
