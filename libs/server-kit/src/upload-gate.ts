/**
 * Bounds the memory that large request bodies (photo uploads, up to 15 MB each, held whole while
 * they are checked) can take in one process: at most `perProcess` in flight, at most `perUser` of
 * them for one user and `perAddress` for one client address (when the caller names one: the gateway
 * does, media only sees gateways). A request waits for a free slot before its body is read —
 * meanwhile its bytes stay in the socket, where TCP holds them back — for at most `waitMs`, and at
 * most `queue` wait. A slot is held until its answer is done; the holder bounds that with a body
 * deadline (UPLOAD_BODY_TIMEOUT_MS: 408), so no slot is held by a body that does not come.
 */
interface UploadGateOptions {
  perProcess: number;
  perUser: number;
  /** Absent: an address is not limited on its own. */
  perAddress?: number;
  queue: number;
  waitMs: number;
}

/**
 * Why a request got no slot: its user or its client address has enough in flight (429), or the
 * process is full (503).
 */
type UploadRefusal = 'user-busy' | 'address-busy' | 'process-busy';

export type ReleaseSlot = () => void;

/** The variables both the gateway and media read for their gate (README: UPLOAD_*). */
export interface UploadGateSettings {
  UPLOAD_CONCURRENCY: number;
  UPLOAD_CONCURRENCY_PER_USER: number;
  /** Only the gateway knows client addresses; without it an address is not limited on its own. */
  UPLOAD_CONCURRENCY_PER_ADDRESS?: number;
  UPLOAD_QUEUE: number;
  UPLOAD_WAIT_MS: number;
}

export class UploadGate {
  private active = 0;
  /** Slots held per `user:<key>` and `address:<key>`. */
  private readonly held = new Map<string, number>();
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: UploadGateOptions) {}

  static fromSettings(settings: UploadGateSettings): UploadGate {
    return new UploadGate({
      perProcess: settings.UPLOAD_CONCURRENCY,
      perUser: settings.UPLOAD_CONCURRENCY_PER_USER,
      perAddress: settings.UPLOAD_CONCURRENCY_PER_ADDRESS,
      queue: settings.UPLOAD_QUEUE,
      waitMs: settings.UPLOAD_WAIT_MS,
    });
  }

  /**
   * A slot (call the release exactly once, when the answer is done), or why there is none. A user
   * or an address at its limit is refused at once; only a full process makes a request wait.
   */
  async enter(userKey: string, addressKey?: string): Promise<ReleaseSlot | UploadRefusal> {
    const holders = [`user:${userKey}`, ...(addressKey === undefined ? [] : [`address:${addressKey}`])];
    if (this.count(holders[0]!) >= this.options.perUser) return 'user-busy';
    if (holders[1] && this.count(holders[1]) >= (this.options.perAddress ?? Number.POSITIVE_INFINITY)) return 'address-busy';
    for (const holder of holders) this.held.set(holder, this.count(holder) + 1);
    const free = this.active < this.options.perProcess;
    if (free) this.active++;
    if (!free && !(await this.waitForSlot())) {
      this.leave(holders);
      return 'process-busy';
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.leave(holders);
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

  private count(holder: string): number {
    return this.held.get(holder) ?? 0;
  }

  private leave(holders: string[]): void {
    for (const holder of holders) {
      const left = this.count(holder) - 1;
      if (left > 0) this.held.set(holder, left);
      else this.held.delete(holder);
    }
  }
}
