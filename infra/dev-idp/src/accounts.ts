import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Accounts without a database.
//
// The accountId (the `sub` claim) is deterministic: "dev:" + base64url(lower-cased e-mail). The same
// e-mail therefore always yields the same subject, across restarts and on every machine, whatever
// names are typed, so the product keeps recognising the user. The id also carries the e-mail itself,
// so `email` can always be recovered from it.
//
// The names (and a picture, should one ever be set in the file) are kept in memory and, when
// DEV_IDP_DATA_DIR is set, in `accounts.json` there, so they survive a restart of this process.
// Without a data directory nothing survives a restart anyway: sessions, codes and the signing keys are
// in memory too, so every token and session issued before it is invalid and the user signs in again,
// which provides the names afresh. Signing in again with the same e-mail and other names overwrites
// the stored names.

export interface AccountRecord {
  email: string;
  firstName: string;
  lastName: string;
  picture?: string;
}

export function accountIdFor(email: string): string {
  return `dev:${Buffer.from(email.trim().toLowerCase(), 'utf8').toString('base64url')}`;
}

export function emailFromAccountId(accountId: string): string | undefined {
  if (!accountId.startsWith('dev:')) return undefined;
  const encoded = accountId.slice(4);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  return accountIdFor(email) === accountId ? email : undefined;
}

export class AccountStore {
  private readonly accounts = new Map<string, AccountRecord>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string | undefined) {}

  static async open(dataDir: string | undefined): Promise<AccountStore> {
    if (!dataDir) return new AccountStore(undefined);
    await mkdir(dataDir, { recursive: true });
    const store = new AccountStore(join(dataDir, 'accounts.json'));
    let text: string | undefined;
    try {
      text = await readFile(store.file!, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text !== undefined) {
      const data = JSON.parse(text) as Record<string, AccountRecord>;
      for (const [id, record] of Object.entries(data)) {
        if (record && typeof record.email === 'string' && accountIdFor(record.email) === id) {
          store.accounts.set(id, record);
        }
      }
    }
    return store;
  }

  get(accountId: string): AccountRecord | undefined {
    return this.accounts.get(accountId);
  }

  /** Creates or updates the account for this e-mail; returns its accountId. */
  async upsert(input: { email: string; firstName: string; lastName: string }): Promise<string> {
    const email = input.email.trim().toLowerCase();
    const id = accountIdFor(email);
    const previous = this.accounts.get(id);
    this.accounts.set(id, {
      ...previous,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    await this.persist();
    return id;
  }

  private persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    // Writes are serialised; each writes the whole (small) map to a temporary file and renames it.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, `${JSON.stringify(Object.fromEntries(this.accounts), null, 2)}\n`, { mode: 0o600 });
        await rename(tmp, file);
      });
    return this.writing;
  }
}
