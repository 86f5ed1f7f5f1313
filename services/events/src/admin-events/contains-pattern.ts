/** `q` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
