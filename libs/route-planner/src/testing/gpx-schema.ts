import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A check of a document against the GPX 1.1 schema's structure (topografix.com/GPX/1/1/gpx.xsd): the
 * namespace and version, each element's children in the schema's sequence and counts, the required
 * attributes, and the value ranges of latitudes, longitudes and times. Returns the problems found.
 */
type TSequence = ReadonlyArray<readonly [name: string, max: number]>;

const ONE = 1;
const MANY = Number.POSITIVE_INFINITY;
const POINT: TSequence = [
  ['ele', ONE],
  ['time', ONE],
  ['magvar', ONE],
  ['geoidheight', ONE],
  ['name', ONE],
  ['cmt', ONE],
  ['desc', ONE],
  ['src', ONE],
  ['link', MANY],
  ['sym', ONE],
  ['type', ONE],
  ['fix', ONE],
  ['sat', ONE],
  ['hdop', ONE],
  ['vdop', ONE],
  ['pdop', ONE],
  ['ageofdgpsdata', ONE],
  ['dgpsid', ONE],
  ['extensions', ONE],
];
const SEQUENCES: Record<string, TSequence> = {
  gpx: [
    ['metadata', ONE],
    ['wpt', MANY],
    ['rte', MANY],
    ['trk', MANY],
    ['extensions', ONE],
  ],
  metadata: [
    ['name', ONE],
    ['desc', ONE],
    ['author', ONE],
    ['copyright', ONE],
    ['link', MANY],
    ['time', ONE],
    ['keywords', ONE],
    ['bounds', ONE],
    ['extensions', ONE],
  ],
  wpt: POINT,
  trkpt: POINT,
  trk: [
    ['name', ONE],
    ['cmt', ONE],
    ['desc', ONE],
    ['src', ONE],
    ['link', MANY],
    ['number', ONE],
    ['type', ONE],
    ['extensions', ONE],
    ['trkseg', MANY],
  ],
  trkseg: [
    ['trkpt', MANY],
    ['extensions', ONE],
  ],
  link: [
    ['text', ONE],
    ['type', ONE],
  ],
  bounds: [],
};
const TEXT_ONLY = new Set(['name', 'cmt', 'desc', 'src', 'sym', 'type', 'text', 'time', 'keywords']);
const REQUIRED_ATTRIBUTES: Record<string, string[]> = {
  gpx: ['version', 'creator'],
  wpt: ['lat', 'lon'],
  trkpt: ['lat', 'lon'],
  bounds: ['minlat', 'minlon', 'maxlat', 'maxlon'],
  link: ['href'],
};

type TNode = Record<string, unknown> & { ':@'?: Record<string, string> };

export function gpxProblems(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg}`];
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  });
  const document = parser.parse(xml) as TNode[];
  const roots = document.filter((node) => !('?xml' in node) && !('#text' in node));
  if (roots.length !== 1 || !('gpx' in roots[0]!)) return ['the root element is not <gpx>'];
  const problems: string[] = [];
  const root = roots[0]!;
  if (root[':@']?.version !== '1.1') problems.push('gpx version is not 1.1');
  if (root[':@']?.xmlns !== 'http://www.topografix.com/GPX/1/1') problems.push('gpx namespace is not GPX 1.1');
  check('gpx', root, problems);
  return problems;
}

function elementName(node: TNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@');
}

function check(name: string, node: TNode, problems: string[]): void {
  const attributes = node[':@'] ?? {};
  for (const required of REQUIRED_ATTRIBUTES[name] ?? []) if (!(required in attributes)) problems.push(`<${name}> lacks ${required}`);
  for (const [key, value] of Object.entries(attributes)) {
    if (/lat$/.test(key) && !inRange(value, -90, 90, true)) problems.push(`<${name}> ${key}="${value}" is no latitude`);
    if (/lon$/.test(key) && !inRange(value, -180, 180, false)) problems.push(`<${name}> ${key}="${value}" is no longitude`);
  }
  const children = (node[name] as TNode[]).filter((child) => !('#text' in child && String(child['#text']).trim() === ''));
  if (TEXT_ONLY.has(name)) {
    if (children.some((child) => !('#text' in child))) problems.push(`<${name}> holds elements`);
    if (name === 'time' && Number.isNaN(Date.parse(String(children[0]?.['#text'])))) problems.push('<time> is no date-time');
    return;
  }
  const sequence = SEQUENCES[name];
  if (!sequence) {
    problems.push(`<${name}> is not checked by this test`);
    return;
  }
  let step = 0;
  let count = 0;
  for (const child of children) {
    const childName = elementName(child);
    if (!childName || childName === '#text') {
      problems.push(`<${name}> holds text`);
      continue;
    }
    while (step < sequence.length && sequence[step]![0] !== childName) [step, count] = [step + 1, 0];
    if (step === sequence.length) {
      problems.push(`<${childName}> is not allowed at this place in <${name}>`);
      return;
    }
    if (++count > sequence[step]![1]) problems.push(`<${name}> has too many <${childName}>`);
    check(childName, child, problems);
  }
}

function inRange(value: string, min: number, max: number, maxIncluded: boolean): boolean {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return false;
  const number = Number(value);
  return number >= min && (maxIncluded ? number <= max : number < max);
}
