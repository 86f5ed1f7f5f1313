import { z } from 'zod';
import { LIMITS, isMarketYear } from './limits.js';
import { VALIDATION } from './validation-messages.js';

// Building blocks shared by the resource schemas. Every leaf carries a German
// message, because servers answer the first issue's message to the user as is.

/**
 * All ids are UUIDs (gen_random_uuid). Any 8-4-4-4-12 hex form passes, so fixtures
 * and seeds need no real version bits.
 */
export const ZId = z.guid({ error: VALIDATION.invalidId });

/** Whether a text can name a row: the one id check (a malformed id matches nothing, never a database error). */
export function isId(value: unknown): value is string {
  return ZId.safeParse(value).success;
}

/** Timestamps in read shapes: ISO 8601 with 'Z' or an offset, as Date#toISOString writes them. */
export const ZIsoDateTime = z.iso.datetime({ offset: true, error: VALIDATION.invalidDate });

/** Decimal columns (coordinates, ratings) travel as numeric strings, e.g. '52.52000000'. */
export const ZNumericString = z.string().regex(/^-?\d+(\.\d+)?$/, VALIDATION.invalidInput);

export const ZBoolean = z.boolean({ error: VALIDATION.invalidBoolean });

/**
 * True when a text holds NUL or half of a UTF-16 surrogate pair. PostgreSQL refuses NUL in a text
 * column and a lone surrogate has no UTF-8 form: neither could be stored as it was sent.
 */
export function hasUnstorableCharacters(text: string): boolean {
  return text.includes('\u0000') || !isWellFormed(text);
}

type TMaybeWellFormed = { isWellFormed?: (this: string) => boolean };

// The native check (Node 20, current browsers) answers a Latin-1 string such as a megabyte-sized
// base64 photo at once, where the loop takes milliseconds; the loop serves older browsers.
function isWellFormed(text: string): boolean {
  const native = (String.prototype as TMaybeWellFormed).isWellFormed;
  if (native) return native.call(text);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

// Invisible direction overrides and isolates turn the text after them around ('Stand\u202Egpj.exe'
// shows as 'Standexe.jpg'): only good for disguising a name. The other control characters (C0 but
// tab and line breaks, DEL, C1: a bell, a terminal's colour codes) show as boxes or act on whoever
// prints the text. The zero-width space, word joiner and byte order mark (U+200B, U+2060, U+FEFF) show
// nothing and join nothing a reader needs: a title of only them read as filled. User text never keeps any
// of them. (NUL is refused before: hasUnstorableCharacters.)
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROLS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * Something a reader sees: a text of nothing but the marks and joiners that stay (LRM, RLM, the
 * zero-width (non-)joiner that build emoji and words) is as blank as one of spaces.
 */
const SHOWS_SOMETHING = /[^\s\u200C-\u200F]/u;

export function stripInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}

/**
 * The start of every free-text input: a string (else `error`); one that holds an unstorable
 * character answers `invalidCharacters` before any other rule, and invisible controls are dropped
 * before trimming, so a text of nothing but them counts as blank.
 */
export function textInput(error: string) {
  return z
    .string({ error })
    .refine((v) => !hasUnstorableCharacters(v), { message: VALIDATION.invalidCharacters, abort: true })
    .overwrite(stripInvisibleControls);
}

/** Required free text: trimmed; missing, non-string and blank all answer `required`. */
export function requiredText(required: string, options: { min?: number; minMessage?: string; max?: number; maxMessage?: string } = {}) {
  const max = options.max ?? LIMITS.longTextMaxLength;
  return textInput(required)
    .trim()
    .min(1, required)
    .refine((text) => SHOWS_SOMETHING.test(text), { message: required, abort: true })
    .min(options.min ?? 1, options.minMessage ?? required)
    .max(max, options.maxMessage ?? VALIDATION.textTooLong(max));
}

/**
 * Optional free text: trimmed, and blank becomes null so "cleared" has one
 * spelling in the database. Missing stays undefined (callers add defaults).
 */
export function optionalText(max: number = LIMITS.longTextMaxLength, maxMessage: string = VALIDATION.textTooLong(max)) {
  return blankIsNull(textInput(VALIDATION.invalidText).trim().max(max, maxMessage));
}

/** Null and blank both become null ("cleared" has one spelling in the database); missing stays undefined. */
function blankIsNull<T extends z.ZodType<string>>(text: T) {
  return text
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

/** An http(s) URL, or blank/null meaning "no link" (normalised to null). */
export function optionalHttpUrl(message: string = VALIDATION.invalidUrl) {
  return blankIsNull(
    textInput(message)
      .trim()
      .max(LIMITS.urlMaxLength, message)
      .refine((v) => v === '' || isHttpUrl(v), message),
  );
}

/** An e-mail address, or blank/null (normalised to null). */
export function optionalEmail() {
  return blankIsNull(
    textInput(VALIDATION.invalidEmail)
      .trim()
      .max(LIMITS.shortTextMaxLength, VALIDATION.invalidEmail)
      .refine((v) => v === '' || z.email().safeParse(v).success, VALIDATION.invalidEmail),
  );
}

/**
 * An http(s) address with a host. Whitespace anywhere is refused: the URL parser drops tabs and line
 * breaks before reading, so "https://evil.example/\r\nX:1" would pass and be stored and answered as typed.
 */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** number | numeric string | null | blank -> number | null; NaN when not a number. */
function toCoordinate(raw: number | string | null | undefined): number | null | undefined {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (text === '') return null;
  return NUMERIC.test(text) ? Number(text) : Number.NaN;
}

function coordinateSource(message: string) {
  return z.union([z.number(), z.string(), z.null()], { error: message }).optional();
}

/**
 * An optional coordinate as clients send it: a number, a numeric string or null;
 * blank is null. Normalised to number | null, undefined when the key is missing.
 */
function optionalCoordinate(limit: number, message: string) {
  return coordinateSource(message).transform((raw, ctx): number | null | undefined => {
    const value = toCoordinate(raw);
    if (value == null) return value;
    if (!Number.isFinite(value) || Math.abs(value) > limit) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

/** The same input, but missing, null or blank answers `required`. */
function requiredCoordinate(limit: number, message: string, required: string) {
  return optionalCoordinate(limit, message).transform((value, ctx): number => {
    if (value == null) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    return value;
  });
}

export const latitudeInput = () => optionalCoordinate(90, VALIDATION.invalidLatitude);
export const longitudeInput = () => optionalCoordinate(180, VALIDATION.invalidLongitude);
export const requiredLatitudeInput = (required: string) => requiredCoordinate(90, VALIDATION.invalidLatitude, required);
export const requiredLongitudeInput = (required: string) => requiredCoordinate(180, VALIDATION.invalidLongitude, required);

/** What a date-time field takes: a string, a Date, or null (which each field reads its own way). */
const dateTimeRaw = () => z.union([z.string(), z.date(), z.null()], { error: VALIDATION.invalidDate }).optional();

const isBlank = (raw: string | Date): boolean => typeof raw === 'string' && raw.trim() === '';

/**
 * A date-time as clients send it: an ISO 8601 string with zone ('Z' or offset) or
 * a Date (JSON turns it into the former). Normalised to the UTC ISO string, so
 * the output is still JSON and compares by string order. A string without a zone
 * is refused: browser and server would read it in different zones.
 */
export function dateTimeInput(required: string) {
  return dateTimeRaw().transform((raw, ctx): string => {
    if (raw == null || isBlank(raw)) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    return utcIsoString(raw, ctx);
  });
}

/**
 * An optional date-time (the registration deadline): as dateTimeInput, but null or blank means
 * none and missing stays undefined (callers add defaults).
 */
export function optionalDateTimeInput() {
  return dateTimeRaw().transform((raw, ctx): string | null | undefined => {
    if (raw === undefined) return undefined;
    if (raw === null || isBlank(raw)) return null;
    return utcIsoString(raw, ctx);
  });
}

const ISO_WITH_ZONE = z.iso.datetime({ offset: true });

/** The UTC ISO string of a date-time with zone; anything else is the invalid-date issue. */
function utcIsoString(raw: string | Date, ctx: z.RefinementCtx): string {
  const date = typeof raw === 'string' ? (ISO_WITH_ZONE.safeParse(raw.trim()).success ? new Date(raw.trim()) : null) : raw;
  if (!date || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.invalidDate });
    return z.NEVER;
  }
  if (!isMarketYear(date.getUTCFullYear())) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.dateOutOfRange });
    return z.NEVER;
  }
  return date.toISOString();
}

/** A category list: every entry from `item`'s enumeration, duplicates dropped. */
export function categoryList<T extends string>(item: z.ZodType<T>, options: { min?: number; minMessage?: string } = {}) {
  const min = options.min ?? 0;
  return z
    .array(item, { error: options.minMessage ?? VALIDATION.invalidCategoryList })
    .min(min, options.minMessage ?? VALIDATION.invalidCategoryList)
    .transform((list) => [...new Set(list)]);
}

/** Stand number or name: free text (users write numbers and names alike), blank is null. */
export const standNumberInput = () =>
  blankIsNull(
    z
      .union([z.string(), z.number()], { error: VALIDATION.invalidText })
      .transform((v) => String(v))
      .pipe(textInput(VALIDATION.invalidText).trim().max(LIMITS.standNumberMaxLength, VALIDATION.standNumberTooLong)),
  );
