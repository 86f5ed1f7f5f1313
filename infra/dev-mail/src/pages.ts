import type { ParsedMail } from 'mailparser';
import type { StoredMailSummary } from './mail-store.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Berlin' });
const formatDate = (iso: string | null): string => (iso ? dateTime.format(new Date(iso)) : '–');

const STYLE = `
body{font-family:system-ui,Arial,sans-serif;margin:0;padding:24px;color:#1f2937;background:#f9fafb}
main{max-width:1000px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}
p.hint{color:#4b5563;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{background:#f3f4f6;font-weight:600}
a{color:#92400e}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e5e7eb;padding:12px}
iframe{width:100%;height:600px;border:1px solid #e5e7eb;background:#fff}
nav a{margin-right:16px}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function listPage(mails: StoredMailSummary[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(formatDate(m.receivedAt))}</td><td>${escapeHtml(m.to.join(', '))}</td>` +
        `<td><a href="/dev/mail/messages/${m.id}">${escapeHtml(m.subject || '(kein Betreff)')}</a></td></tr>`,
    )
    .join('\n');
  const table = mails.length
    ? `<table><thead><tr><th scope="col">Empfangen</th><th scope="col">An</th><th scope="col">Betreff</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>Noch keine E-Mails. Alles, was die Plattform verschickt, erscheint hier.</p>';
  return page(
    'Entwicklungs-Postfach',
    `<h1>Entwicklungs-Postfach</h1>
<p class="hint">Nur für die Entwicklung: Jede E-Mail, die die Plattform verschickt, landet hier statt beim Empfänger (neueste zuerst, ${mails.length} insgesamt).
Maschinenlesbar: <a href="/dev/mail/messages.json">messages.json</a>.</p>
${table}`,
  );
}

const HEADER_ORDER = ['date', 'from', 'to', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'content-type'];

export function messagePage(id: string, summary: StoredMailSummary | undefined, mail: ParsedMail): string {
  const lines = mail.headerLines;
  // As written (unfolded), except the subject, shown decoded: mailparser folds List-* into one object.
  const unfolded = (line: string) =>
    line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n\s+/g, ' ')
      .trim();
  const known = HEADER_ORDER.flatMap((key) => {
    if (key === 'subject') return [[key, mail.subject ?? ''] as const];
    const line = lines.find((h) => h.key === key)?.line;
    return line ? [[key, unfolded(line)] as const] : [];
  });
  const headerRows = known.map(([key, value]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const html = mail.html
    ? `<h2>HTML</h2><iframe title="HTML-Ansicht der E-Mail" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev/mail/messages/${id}/body.html"></iframe>`
    : '<p>Diese E-Mail hat keinen HTML-Teil.</p>';
  return page(
    mail.subject || 'E-Mail',
    `<nav><a href="/dev/mail">← Zurück zur Liste</a><a href="/dev/mail/messages/${id}.eml" download>Rohdaten herunterladen (.eml)</a></nav>
<h1>${escapeHtml(mail.subject || '(kein Betreff)')}</h1>
<p class="hint">Empfangen: ${escapeHtml(formatDate(summary?.receivedAt ?? null))}</p>
<table>${headerRows}</table>
<details><summary>Alle Kopfzeilen (${lines.length})</summary><pre>${escapeHtml(lines.map((l) => l.line).join('\n'))}</pre></details>
<h2>Nur-Text</h2><pre>${mail.text ? linkify(mail.text) : '(kein Textteil)'}</pre>
${html}`,
  );
}

/** Links in the plain text become clickable; everything else stays escaped text. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}" target="_top">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

/** The mail's own HTML for the sandboxed frame: links leave the frame for the whole window. */
export function mailBody(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

export function notFoundPage(): string {
  return page('Nicht gefunden', '<h1>Nicht gefunden</h1><p>Diese E-Mail gibt es hier nicht (mehr).</p><p><a href="/dev/mail">Zur Liste</a></p>');
}
