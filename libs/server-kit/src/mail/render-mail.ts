/**
 * The one layout of every mail the platform sends: German, plain text that reads well on its own
 * and the same content as simple HTML (inline styles only: mail clients drop style sheets and
 * never run scripts). Every value is escaped; a link is written out in the text part, so a reader
 * without HTML sees where it goes.
 */

import { escapeHtml } from '../escape-html.js';

/** The platform's name as the footer of every mail shows it. */
const MAIL_PLATFORM_NAME = 'Flohmarkt-Plattform';

export interface MailContent {
  /** The first line: what happened ("Dein Stand wurde genehmigt"). */
  heading: string;
  /** "Hallo Anna," — left out when the name is unknown. */
  greeting?: string;
  paragraphs: string[];
  /** Items after the paragraphs, one line each ("• …" in text, a list in HTML): e.g. the digest's registrations. */
  list?: string[];
  /** Facts as label and value ("Termin", "Sa., 14. Juni 2025, 08:00–16:00 Uhr"). */
  details?: [label: string, value: string][];
  /** The one thing to do next, as a button (HTML) and a written-out link (text). */
  action?: MailAction;
  /**
   * A choice of things to do (the seller's „Annehmen“ and „Ablehnen“), as buttons side by side before
   * `action`'s (HTML) and each a written-out link (text); in HTML their URLs are not repeated under them.
   */
  actions?: MailAction[];
  /** A closing sentence above the platform line (why the reader got this mail). */
  footer?: string;
  /**
   * The visible opt-out page (`<PUBLIC_URL>/abmelden/<token>`): notification mails name it in the
   * footer. The one-click POST address for List-Unsubscribe is another URL (see mailOptOutUrls).
   */
  unsubscribePageUrl?: string;
}

interface MailAction {
  label: string;
  url: string;
}

interface RenderedMail {
  text: string;
  html: string;
}

/** Only http(s) links become links: a javascript: or data: URL in a mail is never clickable. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`mail link must be http(s): ${parsed.protocol}`);
  return parsed.href;
}

const OPT_OUT_SENTENCE = 'Du möchtest diese Benachrichtigungen nicht mehr bekommen? Hier kannst du sie abbestellen:';

export function renderMail(content: MailContent): RenderedMail {
  const action = content.action ? { label: content.action.label, url: safeUrl(content.action.url) } : undefined;
  const choices = (content.actions ?? []).map((choice) => ({ label: choice.label, url: safeUrl(choice.url) }));
  const optOut = content.unsubscribePageUrl ? safeUrl(content.unsubscribePageUrl) : undefined;
  return { text: renderText(content, action, choices, optOut), html: renderHtml(content, action, choices, optOut) };
}

function renderText(content: MailContent, action: MailAction | undefined, choices: MailAction[], optOut: string | undefined): string {
  const blocks: string[] = [content.heading, '='.repeat(Math.min(content.heading.length, 60))];
  if (content.greeting) blocks.push('', content.greeting);
  for (const paragraph of content.paragraphs) blocks.push('', paragraph);
  if (content.list?.length) blocks.push('', ...content.list.map((item) => `• ${item}`));
  if (content.details?.length) {
    blocks.push('');
    for (const [label, value] of content.details) blocks.push(`${label}: ${value}`);
  }
  for (const link of action ? [...choices, action] : choices) blocks.push('', `${link.label}:`, link.url);
  blocks.push('', '-- ');
  if (content.footer) blocks.push(content.footer);
  blocks.push(`Diese E-Mail wurde von der ${MAIL_PLATFORM_NAME} verschickt.`);
  if (optOut) blocks.push(OPT_OUT_SENTENCE, optOut);
  return `${blocks.join('\n')}\n`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/** A link drawn as a button (mail clients keep inline styles only); `margin` keeps buttons side by side apart. */
const button = (link: MailAction, margin?: string) =>
  `<a href="${escapeHtml(link.url)}" style="${FONT}display:inline-block;background:#b45309;color:#ffffff;text-decoration:none;font-size:16px;padding:10px 18px;border-radius:6px${margin ? `;margin:${margin}` : ''}">${escapeHtml(link.label)}</a>`;

function renderHtml(content: MailContent, action: MailAction | undefined, choices: MailAction[], optOut: string | undefined): string {
  const parts: string[] = [`<h1 style="${FONT}font-size:22px;color:#1f2937;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`];
  const paragraph = (text: string) => `<p style="${FONT}font-size:16px;line-height:1.5;color:#1f2937;margin:0 0 12px">${escapeHtml(text)}</p>`;
  if (content.greeting) parts.push(paragraph(content.greeting));
  for (const text of content.paragraphs) parts.push(paragraph(text));
  if (content.list?.length) {
    const items = content.list.map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`).join('');
    parts.push(`<ul style="${FONT}font-size:16px;line-height:1.4;color:#1f2937;margin:0 0 12px;padding-left:22px">${items}</ul>`);
  }
  if (content.details?.length) {
    const rows = content.details
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="${FONT}font-size:15px;color:#4b5563;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="${FONT}font-size:15px;color:#1f2937;padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    parts.push(`<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows}</table>`);
  }
  if (choices.length) parts.push(`<p style="margin:20px 0 8px">${choices.map((choice) => button(choice, '0 8px 8px 0')).join(' ')}</p>`);
  if (action) {
    const href = escapeHtml(action.url);
    parts.push(
      `<p style="margin:20px 0">${button(action)}</p>`,
      `<p style="${FONT}font-size:13px;color:#4b5563;margin:0 0 12px">Falls der Knopf nicht funktioniert: <a href="${href}" style="color:#92400e">${href}</a></p>`,
    );
  }
  const footer: string[] = [];
  if (content.footer) footer.push(escapeHtml(content.footer));
  footer.push(`Diese E-Mail wurde von der ${MAIL_PLATFORM_NAME} verschickt.`);
  if (optOut) footer.push(`${escapeHtml(OPT_OUT_SENTENCE)} <a href="${escapeHtml(optOut)}" style="color:#4b5563">${escapeHtml(optOut)}</a>`);
  parts.push(
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">`,
    ...footer.map((line) => `<p style="${FONT}font-size:12px;color:#6b7280;margin:0 0 6px">${line}</p>`),
  );
  return [
    '<!DOCTYPE html>',
    '<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>' + escapeHtml(content.heading) + '</title></head>',
    `<body style="margin:0;padding:24px;background:#f9fafb"><div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">`,
    ...parts,
    '</div></body></html>',
  ].join('\n');
}
