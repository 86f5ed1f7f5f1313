import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

export interface StoredMailSummary {
  id: string;
  /** When the server received it (ISO). */
  receivedAt: string;
  /** The Date header, if any (ISO). */
  date: string | null;
  from: string;
  to: string[];
  subject: string;
  messageId: string | null;
}

/** Ids are what the file names are: time first (they sort by arrival), then randomness. */
const ID = /^[0-9]{13}-[0-9a-f]{8}$/;

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '').filter(Boolean));
}

/**
 * Every received message as `<dir>/<id>.eml`, exactly the bytes the client sent (RFC 5322). A file
 * appears whole or not at all (written beside, then renamed), so a reader of the folder never
 * sees half a mail. Parsed summaries are cached by id: the files never change.
 */
export class MailStore {
  private readonly summaries = new Map<string, StoredMailSummary>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  static isId(id: string): boolean {
    return ID.test(id);
  }

  async save(raw: Buffer): Promise<string> {
    const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
    const file = path.join(this.dir, `${id}.eml`);
    await writeFile(`${file}.part`, raw);
    await rename(`${file}.part`, file);
    return id;
  }

  async raw(id: string): Promise<Buffer | null> {
    if (!MailStore.isId(id)) return null;
    return readFile(path.join(this.dir, `${id}.eml`)).catch(() => null);
  }

  async parsed(id: string): Promise<ParsedMail | null> {
    const raw = await this.raw(id);
    return raw ? simpleParser(raw) : null;
  }

  /** Newest first. */
  async list(): Promise<StoredMailSummary[]> {
    const ids = (await readdir(this.dir))
      .filter((name) => name.endsWith('.eml'))
      .map((name) => name.slice(0, -4))
      .filter((id) => MailStore.isId(id))
      .sort()
      .reverse();
    const result: StoredMailSummary[] = [];
    for (const id of ids) {
      const summary = this.summaries.get(id) ?? (await this.summarize(id));
      if (summary) result.push(summary);
    }
    return result;
  }

  private async summarize(id: string): Promise<StoredMailSummary | null> {
    const mail = await this.parsed(id);
    if (!mail) return null;
    const summary: StoredMailSummary = {
      id,
      receivedAt: new Date(Number(id.slice(0, 13))).toISOString(),
      date: mail.date ? mail.date.toISOString() : null,
      from: addresses(mail.from)[0] ?? '',
      to: addresses(mail.to),
      subject: mail.subject ?? '',
      messageId: mail.messageId ?? null,
    };
    this.summaries.set(id, summary);
    return summary;
  }
}
