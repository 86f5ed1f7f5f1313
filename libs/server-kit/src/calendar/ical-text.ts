/*
 * The text rules of RFC 5545 (iCalendar): TEXT values escaped (3.3.11), content lines folded at 75
 * octets (3.1) and ended with CRLF. Kept apart from the calendar's content so the byte rules can be
 * tested on their own.
 */

const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';
/** Control characters other than tab (line breaks are escaped before this applies). */
// eslint-disable-next-line no-control-regex -- matching them is the point
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * A TEXT value: backslash, semicolon and comma escaped, every line break as `\n`. Other control
 * characters are not allowed in TEXT and are dropped (a pasted description may hold some).
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(FORBIDDEN_CONTROLS, '');
}

/**
 * One content line folded: no physical line longer than 75 octets of UTF-8 (without the CRLF),
 * continuation lines begin with a space. The cut falls between characters, never inside one (an
 * umlaut is two octets, an emoji four), so every physical line is valid UTF-8 on its own.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // A continuation line's leading space counts toward its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The lines of a calendar as its file: each folded, each ended with CRLF (the last one too). */
export function calendarFile(lines: string[]): string {
  return lines.map((line) => foldLine(line) + CRLF).join('');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A DATE-TIME in UTC: `20310607T060000Z`. */
export function utcDateTime(instant: Date): string {
  return (
    `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}
