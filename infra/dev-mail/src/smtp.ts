import { SMTPServer } from 'smtp-server';
import type { MailStore } from './mail-store.js';

export interface SmtpOptions {
  store: MailStore;
  port: number;
  host: string;
  acceptDelayMs: number;
  log: (msg: string, fields?: Record<string, unknown>) => void;
}

/** Messages larger than this are refused (552), as a real server would. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * A real SMTP server on loopback: any sender, any recipient, any (or no) login, no TLS. A message
 * counts as accepted when it is on disk; only then does the client hear 250. A client that hangs
 * up before that (a killed worker) has sent nothing, as with a real server.
 */
export function startSmtp(options: SmtpOptions): Promise<SMTPServer> {
  const closed = new Set<string>();
  const server = new SMTPServer({
    name: 'dev-mail.flohmarkt.localhost',
    banner: 'Flohmarkt development mail server (keeps every mail, delivers none)',
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'dev' }),
    onClose: (session) => {
      closed.add(session.id);
      setTimeout(() => closed.delete(session.id), 60_000).unref();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const keep = async () => {
          if (options.acceptDelayMs > 0) await new Promise((r) => setTimeout(r, options.acceptDelayMs));
          if (closed.has(session.id)) {
            options.log('client left before the message was accepted; not kept', { session: session.id });
            return;
          }
          const id = await options.store.save(Buffer.concat(chunks));
          options.log('mail kept', { id, bytes: chunks.reduce((n, c) => n + c.length, 0) });
          callback(null, `Kept as ${id}`);
        };
        keep().catch((err: Error) => callback(Object.assign(new Error(`Could not keep the message: ${err.message}`), { responseCode: 451 })));
      });
    },
  });
  server.on('error', (err) => options.log('smtp error', { error: err.message }));
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
