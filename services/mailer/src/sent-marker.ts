import type { Redis } from 'ioredis';

/**
 * Remembers for each mail id that the SMTP server accepted it, so a job that runs again (a
 * worker killed after sending, a job taken over after its lock expired) never sends it twice. One
 * Redis key per mail, expiring long after any retry of it can come.
 */
export class SentMarker {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly keepMs: number,
  ) {}

  private key(mailId: string): string {
    return `${this.prefix}mail:sent:${mailId}`;
  }

  async isSent(mailId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(mailId))) === 1;
  }

  /** `how`: the SMTP server's answer, kept for whoever looks a mail up. */
  async markSent(mailId: string, how: string): Promise<void> {
    await this.redis.set(this.key(mailId), JSON.stringify({ at: new Date().toISOString(), how }), 'PX', this.keepMs);
  }
}
