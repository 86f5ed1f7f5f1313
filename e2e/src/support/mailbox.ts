import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { until } from './until.js';

/** One mail as the development mail server kept it (`<id>.eml`, the bytes the mailer sent). */
export interface ReceivedMail {
  id: string;
  file: string;
  raw: string;
  /** Each header as written (lower-case name, folded lines joined), first occurrence. */
  headers: Record<string, string>;
  from: string;
  to: string[];
  subject: string;
  messageId: string | null;
  text: string;
  html: string;
  /** Every http(s) link of the plain text, in order. */
  links: string[];
}

export interface MailQuery {
  to?: string;
  subject?: string | RegExp;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()).filter(Boolean));
}

function matches(mail: ReceivedMail, query: MailQuery): boolean {
  if (query.to && !mail.to.includes(query.to.toLowerCase())) return false;
  if (typeof query.subject === 'string' && mail.subject !== query.subject) return false;
  if (query.subject instanceof RegExp && !query.subject.test(mail.subject)) return false;
  return true;
}

/**
 * How tests read the mails of a stack: the `.eml` files the development mail server keeps in the
 * stack's mail folder (`stack.mailDir`), parsed the way a mail client would. Files appear whole
 * (written beside, then renamed), so a listing never holds half a mail.
 */
export class Mailbox {
  private readonly cache = new Map<string, ReceivedMail>();

  constructor(readonly dir: string) {}

  /** Ids of the kept mails, oldest first (the file names start with the time of arrival). */
  async ids(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith('.eml'))
      .map((n) => n.slice(0, -4))
      .sort();
  }

  async all(): Promise<ReceivedMail[]> {
    const result: ReceivedMail[] = [];
    for (const id of await this.ids()) result.push(this.cache.get(id) ?? (await this.read(id)));
    return result;
  }

  async find(query: MailQuery = {}): Promise<ReceivedMail[]> {
    return (await this.all()).filter((m) => matches(m, query));
  }

  /** Waits until at least `count` mails match, and answers them (oldest first). */
  async waitFor(query: MailQuery, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
    return until(
      `${count} mail(s) ${JSON.stringify({ to: query.to, subject: String(query.subject ?? '') })}`,
      async () => {
        const found = await this.find(query);
        return found.length >= count ? found : null;
      },
      timeoutMs,
      100,
    );
  }

  async waitForOne(query: MailQuery, timeoutMs = 30_000): Promise<ReceivedMail> {
    return (await this.waitFor(query, 1, timeoutMs))[0];
  }

  private async read(id: string): Promise<ReceivedMail> {
    const file = path.join(this.dir, `${id}.eml`);
    const raw = await readFile(file, 'utf8');
    const parsed = await simpleParser(raw);
    const headers: Record<string, string> = {};
    for (const { key, line } of parsed.headerLines) {
      if (!(key in headers))
        headers[key] = line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim();
    }
    const text = parsed.text ?? '';
    const mail: ReceivedMail = {
      id,
      file,
      raw,
      headers,
      from: addresses(parsed.from)[0] ?? '',
      to: addresses(parsed.to),
      subject: parsed.subject ?? '',
      messageId: parsed.messageId ?? null,
      text,
      html: typeof parsed.html === 'string' ? parsed.html : '',
      links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    };
    this.cache.set(id, mail);
    return mail;
  }
}

/** The subject of the one mail an address nobody has confirmed gets (issue 29; stands: notice-texts.ts). */
export const CONFIRMATION_SUBJECT = 'Bitte bestätige deine E-Mail-Adresse';

/** The link of a confirmation request: `<PUBLIC_URL>/e-mail-bestaetigen/<token>`, the page with the button. */
export function confirmationLink(mail: ReceivedMail): string {
  const link = mail.links.find((l) => /\/e-mail-bestaetigen\/[A-Za-z0-9_-]{22}$/.test(l));
  if (!link) throw new Error(`no confirmation link in the mail "${mail.subject}"`);
  return link;
}

/**
 * A guest confirms their address as its owner would (issue 29): waits for the request to confirm
 * it and calls what the button of the page behind its link calls, GET /api/mail/confirm/{token}.
 * The receipt held back and the current decision go out then. Answers the request mail.
 */
export async function confirmGuestAddress(mailbox: Mailbox, address: string): Promise<ReceivedMail> {
  const request = await mailbox.waitForOne({ to: address, subject: CONFIRMATION_SUBJECT });
  const page = new URL(confirmationLink(request));
  const token = page.pathname.slice(page.pathname.lastIndexOf('/') + 1);
  const answer = await fetch(`${page.origin}/api/mail/confirm/${token}`);
  if (answer.status !== 200) throw new Error(`confirming ${address}: ${answer.status} ${await answer.text()}`);
  return request;
}
