/**
 * Keeps a `returnTo` only when it stays on our own origin; anything else (another host,
 * protocol-relative `//evil`, backslash tricks, javascript:) becomes '/'.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const base = new URL(publicUrl);
    const target = new URL(value, base);
    if (target.origin !== base.origin) return '/';
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}
