// Place names are compared as folded keys: lower case, German abbreviations written out,
// punctuation as single spaces. Two spellings of umlauts exist in the wild, so there are two folds:
//  - strict: ä → ae, ö → oe, ü → ue, ß → ss ('München' and 'Muenchen' give the same key);
//  - loose:  ä → a,  ö → o,  ü → u,  ß → ss ('munchen' typed without umlauts).
// Matching 'ue' to 'u' in one single fold would merge distinct towns (Neuenkirchen/Neunkirchen),
// hence two keys instead of one.

/** Abbreviations of the postcode data ('Neustadt a.d. Donau', 'St. Blasien', 'Weißenburg i. Bay.'). */
const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\ba\.\s*d\.\s*/g, 'an der '],
  [/\bi\.\s*d\.\s*/g, 'in der '],
  [/\bv\.\s*d\.\s*/g, 'vor der '],
  [/\bst\.\s*/g, 'sankt '],
  [/\bhann\.\s*/g, 'hannoversch '],
  [/\bwestf\./g, 'westfalen'],
  [/\bopf\./g, 'oberpfalz'],
  [/\bbay\./g, 'bayern'],
  [/\bi\.\s*nb\b/g, 'in niederbayern'],
  [/\ba\.\s*/g, 'am '],
  [/\bi\.\s*/g, 'in '],
  [/\bb\.\s*/g, 'bei '],
];

const STRICT_UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Other accented letters once decomposed ('é' → 'e'); a lone accent is dropped; anything else separates words. */
const accentCache = new Map<string, string>();
function withoutAccent(ch: string): string {
  let plain = accentCache.get(ch);
  if (plain === undefined) {
    const base = ch.normalize('NFD')[0] ?? '';
    plain = /^[a-z0-9]$/.test(base) ? base : /^\p{M}$/u.test(ch) ? '' : ' ';
    accentCache.set(ch, plain);
  }
  return plain;
}

// One pass over the characters, no regular expressions in the common case: the index folds some
// 50,000 names at start-up.
function foldWith(name: string, strict: boolean): string {
  // Composed first: 'u' + combining diaeresis (as some systems send it) is an 'ü' like any other.
  let text = (/[^ -~]/.test(name) ? name.normalize('NFC') : name).toLowerCase();
  if (text.includes('.')) for (const [pattern, replacement] of ABBREVIATIONS) text = text.replace(pattern, replacement);
  let out = '';
  let gap = false;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    let piece: string;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) piece = ch;
    else if (code < 128) piece = ' ';
    else if (ch === 'ß') piece = 'ss';
    else if (strict && STRICT_UMLAUTS[ch]) piece = STRICT_UMLAUTS[ch];
    else piece = withoutAccent(ch);
    if (piece === '') continue;
    if (piece === ' ') {
      gap = out.length > 0;
      continue;
    }
    if (gap) out += ' ';
    out += piece;
    gap = false;
  }
  // 'St Ingbert' without the dot, but never a lone 'st' being typed ('St' → 'Stuttgart').
  if (out.startsWith('st ') || out.includes(' st ')) out = out.replace(/(^| )st (?=\S)/g, '$1sankt ');
  return out;
}

/** The strict key: umlauts as two letters. */
export function foldStrict(name: string): string {
  return foldWith(name, true);
}

/** The loose key: umlauts without their dots. */
export function foldLoose(name: string): string {
  return foldWith(name, false);
}

/** Titles GeoNames puts before some names: 'Hansestadt Stade', 'Universitäts- und Hansestadt Greifswald'. */
const TITLE = /^(?:universitats und |universitaets und )?(?:hansestadt|lutherstadt|schliemannstadt) (?=\S)/;

/** Words that start a qualifier: 'Frankfurt am Main', 'Bernau bei Berlin', 'Neustadt an der Aisch'. */
const QUALIFIERS = new Set(['am', 'an', 'im', 'in', 'bei', 'ob', 'vor', 'unter', 'auf']);

/** The base of an already folded name: title and qualifier cut off. */
export function baseOfKey(key: string): string {
  const words = key.replace(TITLE, '').split(' ');
  const cut = words.findIndex((word, i) => i > 0 && QUALIFIERS.has(word));
  return (cut > 0 ? words.slice(0, cut) : words).join(' ');
}

/** Whether the raw name has parts that baseName() drops before folding. */
export function hasAddendum(name: string): boolean {
  return /[(/,]| - /.test(name);
}

/**
 * The name without its qualifier: 'Frankfurt (Oder)', 'Frankfurt am Main' and 'Frankfurt/Main'
 * all give 'frankfurt'. Used to find a place the data spell differently and to rank 'Frankfurt'.
 * Titles go too: 'Hansestadt Stade' gives 'stade'.
 */
export function baseName(name: string, fold: (s: string) => string = foldStrict): string {
  // 'Cottbus - Chóśebuz': the postcode data add the Sorbian name after a spaced dash.
  const head = name.replace(/\(.*?\)/g, ' ').split(/[/,]| - /)[0] ?? '';
  return baseOfKey(fold(head));
}
