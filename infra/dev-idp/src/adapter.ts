import type { Adapter, AdapterPayload } from 'oidc-provider';

// A small in-memory storage for oidc-provider's models (sessions, interactions, codes, tokens, grants).
// It replaces oidc-provider's bundled development adapter only so that the provider does not print its
// start-up warning; like that one, everything here is lost on restart, which is fine for this
// development identity provider (users simply sign in again).

interface Entry {
  payload: AdapterPayload;
  expiresAt: number | undefined;
}

export class MemoryStore {
  readonly entries = new Map<string, Entry>();
  /** grantId -> keys of the artifacts that belong to it */
  readonly grants = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.timer = setInterval(() => this.sweep(), sweepEveryMs);
    this.timer.unref();
  }

  get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    }
    for (const [grantId, keys] of this.grants) {
      for (const key of keys) if (!this.entries.has(key)) keys.delete(key);
      if (keys.size === 0) this.grants.delete(grantId);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}

export function memoryAdapterFactory(store: MemoryStore): new (name: string) => Adapter {
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private key(id: string): string {
      return `${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const key = this.key(id);
      store.entries.set(key, {
        payload: structuredClone(payload),
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
      });
      if (payload.grantId) {
        let keys = store.grants.get(payload.grantId);
        if (!keys) store.grants.set(payload.grantId, (keys = new Set()));
        keys.add(key);
      }
      if (payload.userCode) {
        store.entries.set(`${this.name}:userCode:${payload.userCode}`, { payload: { id }, expiresAt: store.entries.get(key)!.expiresAt });
      }
      if (payload.uid) {
        store.entries.set(`${this.name}:uid:${payload.uid}`, { payload: { id }, expiresAt: store.entries.get(key)!.expiresAt });
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const payload = store.get(this.key(id));
      return payload ? structuredClone(payload) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const ref = store.get(`${this.name}:userCode:${userCode}`);
      return typeof ref?.id === 'string' ? this.find(ref.id) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const ref = store.get(`${this.name}:uid:${uid}`);
      return typeof ref?.id === 'string' ? this.find(ref.id) : undefined;
    }

    async consume(id: string): Promise<void> {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      store.entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const keys = store.grants.get(grantId);
      if (keys) for (const key of keys) store.entries.delete(key);
      store.grants.delete(grantId);
    }
  };
}
