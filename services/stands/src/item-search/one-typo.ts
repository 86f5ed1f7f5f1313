/**
 * Whether two words are at most one typo apart (Damerau-Levenshtein distance ≤ 1): equal, or one
 * letter inserted, left out, replaced, or two neighbours swapped. Compared by code points, so an
 * umlaut counts as one letter.
 */
export function withinOneTypo(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === x.length && i === y.length) return true;
  const rest = (from: string[], at: number) => from.slice(at).join('');
  if (x.length === y.length) {
    if (rest(x, i + 1) === rest(y, i + 1)) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2) === rest(y, i + 2);
  }
  return x.length > y.length ? rest(x, i + 1) === rest(y, i) : rest(x, i) === rest(y, i + 1);
}
