import { hasUnstorableCharacters } from '@flohmarkt/contracts';

/*
 * Text no service can store: NUL (PostgreSQL refuses it in text columns) or a lone UTF-16 surrogate
 * (no UTF-8 form). The services' schemas refuse it field by field; the gateway refuses it anywhere in
 * a request as well (400, API_ERRORS.invalidCharacters), so a field a schema misses, a key, or a
 * parameter a service passes on unchecked can never become a database error (500).
 */

/**
 * True when any string of a parsed JSON body holds unstorable text: values and object keys, at any
 * depth. The walk keeps its own stack rather than recursing, so no nesting depth can overflow it;
 * the body limit bounds its work.
 */
export function jsonHoldsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (hasUnstorableCharacters(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (hasUnstorableCharacters(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

type TQueryValue = string | TQueryValue[] | { [key: string]: TQueryValue | undefined } | undefined;

/**
 * The same for a parsed query string (express's `req.query`): string, list of strings, or nested
 * objects with the extended parser. `%00` decodes to NUL in every parser; an encoded lone surrogate
 * is invalid UTF-8 and decodes to U+FFFD or stays encoded, so it never reaches a service as one.
 */
export function queryHoldsUnstorableText(query: TQueryValue | Record<string, unknown>): boolean {
  return jsonHoldsUnstorableText(query);
}
