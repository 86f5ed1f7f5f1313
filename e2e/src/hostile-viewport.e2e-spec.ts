import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, SCREENS, VALIDATION, VIEWPORT, ZEventViewport } from '@flohmarkt/contracts';
import { rawRequest, type RawAnswer } from './support/raw-http.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * The landing map's viewport call (GET /api/events/viewport) fed with what no map sends: inverted and
 * out-of-world boxes, numbers that are not numbers or are too big for one, the wrong number of parts,
 * control characters, odd percent-encoding, repeated and nested parameters, boxes of the whole world
 * at a street's zoom, zooms out of range or fractional. Written byte for byte onto the socket through
 * the real gateway, every answer must be a 400 with one German sentence or a bounded answer (at most
 * 64 x 64 clusters, at most 500 events), never a 5xx and never an unbounded list. The cases are
 * generated from a seeded generator: HOSTILE_SEED=<n> replays a run (the seed is in every case's name).
 */

const SEED = Number(process.env.HOSTILE_SEED ?? 22_2026);
const GENERATED = Number(process.env.HOSTILE_CASES ?? 400);
/** More than a list (500) in the Köln box, so a huge box at a high zoom must cluster. */
const CROWD = 700;
const GERMANY = '5.5,47,15.5,55.2';

// Every sentence a 400 may carry; an answer outside it is English, empty or a leak.
const GERMAN_SENTENCES = new Set([VALIDATION, API_ERRORS, SCREENS].flatMap((table) => Object.values(table).filter((v): v is string => typeof v === 'string')));

type Outcome = 'refused' | 'answered' | 'either';
interface Case {
  name: string;
  query: string;
  outcome: Outcome;
  /** The exact sentence of a refusal, where the case decides it. */
  message?: string;
}

let stack: TestStack;
let gatewayPort: number;

beforeAll(async () => {
  stack = await startTestStack();
  gatewayPort = Number(new URL(stack.publicUrl).port);
  // Straight into the table, as a bulk load would: the trigger keeps the map's cell counts.
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const random = seeded(7);
    const rows = Array.from({ length: CROWD + 100 }, (_, i) => {
      const crowd = i < CROWD;
      const lat = crowd ? 50.9413 + (random() - 0.5) * 0.12 : 47.5 + random() * 7.3;
      const lng = crowd ? 6.9583 + (random() - 0.5) * 0.2 : 6 + random() * 8.8;
      const start = new Date(Date.now() + Math.floor(random() * 60 - 10) * 86_400_000);
      return [`Flohmarkt ${i + 1}`, `Marktplatz ${i + 1}, Köln`, lat.toFixed(6), lng.toFixed(6), start, new Date(start.getTime() + 6 * 3_600_000)];
    });
    for (const row of rows) {
      await db.query(
        `INSERT INTO events.events (name, location, latitude, longitude, start_date_time, end_date_time, organizer_id)
         VALUES ($1, $2, $3, $4, $5, $6, '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40')`,
        row,
      );
    }
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  await stack?.stop();
});

/** mulberry32: a small seeded generator, the same cases for the same seed on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every character percent-encoded, as UTF-8 bytes (`6.8` → `%36%2E%38`). */
const encodeAll = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Generated cases: each family knows what the answer must be. */
function generatedCases(seed: number, count: number): Case[] {
  const random = seeded(seed);
  const int = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const coordinate = (limit: number) => Number(((random() * 2 - 1) * limit).toFixed(int(0, 8)));
  const lng = () => coordinate(180);
  const lat = () => coordinate(90);
  const zoom = () => int(0, VIEWPORT.maxZoom);
  /** A box the server must take (ordered, within the world), each number written plainly (never `1e-7`). */
  const numbers = () => {
    const [w, e] = [lng(), lng()].sort((x, y) => x - y) as [number, number];
    const [s, n] = [lat(), lat()].sort((x, y) => x - y) as [number, number];
    return [w, s, e, n] as [number, number, number, number];
  };
  const plain = (n: number) => n.toFixed(8).replace(/\.?0+$/, '');
  const box = () => numbers().map(plain);
  const NOT_NUMBERS = [
    'NaN',
    'Infinity',
    '-Infinity',
    '',
    ' ',
    'abc',
    '1e309',
    '-1e309',
    '1' + '0'.repeat(400),
    '6.8.1',
    '--6',
    '6,8',
    'null',
    'undefined',
    '0x',
  ];
  const CONTROL = [...Array.from({ length: 32 }, (_, i) => i), 127].map((c) => `%${c.toString(16).toUpperCase().padStart(2, '0')}`);
  const BAD_ENCODINGS = ['%', '%G1', '%2', '%E2%82', '%C0%AE', '%ED%A0%80', '%EF%BF%BF', '%E2%88%92', '%EF%BC%96', '%D9%A3', '%252C', '%u0036'];

  const families: Array<() => Omit<Case, 'name'> & { family: string }> = [
    () => {
      const [w, s, e, n] = numbers().map(plain) as [string, string, string, string];
      return w === e
        ? { family: 'a box of one meridian', query: `bbox=${w},${s},${e},${n}&zoom=${zoom()}`, outcome: 'answered' }
        : { family: 'inverted longitudes', query: `bbox=${e},${s},${w},${n}&zoom=${zoom()}`, outcome: 'refused', message: VALIDATION.invalidBbox };
    },
    () => {
      const [w, s, e, n] = numbers().map(plain) as [string, string, string, string];
      return s === n
        ? { family: 'a box of one parallel', query: `bbox=${w},${s},${e},${n}&zoom=${zoom()}`, outcome: 'answered' }
        : { family: 'inverted latitudes', query: `bbox=${w},${n},${e},${s}&zoom=${zoom()}`, outcome: 'refused', message: VALIDATION.invalidBbox };
    },
    () => {
      const parts = box();
      const at = int(0, 3);
      const limit = at % 2 === 0 ? 180 : 90;
      // Encoded: `1e+300` would otherwise arrive as `1e 300` (a plus is a space in a query).
      parts[at] = encodeURIComponent(String(pick([1, -1]) * (limit + pick([1e-8, 0.5, 1, 360, 1e6, 1e300]))));
      return { family: 'outside ±90/±180', query: `bbox=${parts.join(',')}&zoom=${zoom()}`, outcome: 'refused', message: VALIDATION.invalidBbox };
    },
    () => {
      const parts = box();
      parts[int(0, 3)] = encodeURIComponent(pick(NOT_NUMBERS));
      return { family: 'not a finite number', query: `bbox=${parts.join(',')}&zoom=${zoom()}`, outcome: 'refused', message: VALIDATION.invalidBbox };
    },
    () => {
      // Exponents the number parser takes: 5e0 is 5, 1e-400 is 0; big ones leave the world.
      const parts = box();
      const at = int(0, 3);
      const written = pick(['e0', 'E0', 'e-0', 'e+0']);
      // Encoded: a plus is a space in a query string.
      parts[at] = `${parts[at]}${encodeURIComponent(written)}`;
      return { family: 'an exponent that keeps the value', query: `bbox=${parts.join(',')}&zoom=${zoom()}`, outcome: 'answered' };
    },
    () => {
      const parts = box();
      parts[int(0, 3)] = pick(['1e3', '-2e2', '9e99', '1.8e2000']);
      return {
        family: 'an exponent too big for the world',
        query: `bbox=${parts.join(',')}&zoom=${zoom()}`,
        outcome: 'refused',
        message: VALIDATION.invalidBbox,
      };
    },
    () => {
      const parts = box();
      const count = pick([0, 1, 2, 3, 5, 6, 8, 40]);
      const written = Array.from({ length: count }, (_, i) => parts[i % 4]).join(',');
      return { family: `${count} parts`, query: `bbox=${written}&zoom=${zoom()}`, outcome: 'refused', message: VALIDATION.invalidBbox };
    },
    () => {
      const parts = box();
      const at = int(0, 3);
      const where = int(0, parts[at]!.length);
      const control = pick(CONTROL);
      parts[at] = `${parts[at]!.slice(0, where)}${control}${parts[at]!.slice(where)}`;
      // A tab or line break before or after a number is blank to the number parser; anywhere else, or any other control character, is not a number.
      return { family: `control character ${control}`, query: `bbox=${parts.join(',')}&zoom=${zoom()}`, outcome: control === '%00' ? 'refused' : 'either' };
    },
    () => {
      const parts = box();
      const written = pick([encodeAll(parts.join(',')), parts.join('%2C'), parts.join('%2c'), parts.map(encodeAll).join(',')]);
      return { family: 'percent-encoded digits and commas', query: `bbox=${written}&zoom=${encodeAll(String(zoom()))}`, outcome: 'answered' };
    },
    () => {
      const parts = box();
      const at = int(0, 3);
      parts[at] = `${parts[at]}${pick(BAD_ENCODINGS)}`;
      return { family: 'broken or foreign percent-encoding', query: `bbox=${parts.join(',')}&zoom=${zoom()}`, outcome: 'refused' };
    },
    () => {
      const name = pick(['bbox', 'zoom', 'upcoming', 'date']);
      const values: Record<string, string> = { bbox: box().join(','), zoom: String(zoom()), upcoming: 'true', date: '2031-05-10' };
      const query = Object.entries(values)
        .map(([k, v]) => `${k}=${v}${k === name ? `&${k}=${v}` : ''}`)
        .join('&');
      return { family: `${name} twice`, query, outcome: 'refused' };
    },
    () => {
      const written = pick([`bbox[]=${box().join(',')}`, `bbox[0]=1&bbox[1]=2`, `bbox[minLng]=6`, `zoom[]=6&bbox=${GERMANY}`, `bbox=${GERMANY}&zoom[a]=1`]);
      return { family: 'a parameter as a list or an object', query: written.includes('zoom') ? written : `${written}&zoom=${zoom()}`, outcome: 'refused' };
    },
    () => {
      const written = pick(['-180,-90,180,90', GERMANY, '-179.99999,-89.99999,179.99999,89.99999', box().join(',')]);
      return {
        family: 'a huge box at a street zoom',
        query: `bbox=${written}&zoom=${int(14, VIEWPORT.maxZoom)}${pick(['', '&upcoming=true', '&upcoming=false'])}`,
        outcome: 'answered',
      };
    },
    () => {
      const written = pick([
        '-1',
        '21',
        '1000',
        '99999999999999999999',
        '-0.5',
        '10.5',
        '0.1',
        '20.000001',
        'NaN',
        'Infinity',
        '',
        '  ',
        'zehn',
        '1e400',
        '1,2',
      ]);
      return {
        family: `zoom ${written || '(empty)'}`,
        query: `bbox=${box().join(',')}&zoom=${encodeURIComponent(written)}`,
        outcome: 'refused',
        message: VALIDATION.invalidZoom,
      };
    },
    () => {
      // Written oddly, still a whole number from 0 to 20.
      const value = int(0, VIEWPORT.maxZoom);
      const written = pick([`${value}.0`, `${value}e0`, ` ${value} `, `0${value}`, `+${value}`, `0x${value.toString(16)}`]);
      return { family: 'zoom written oddly', query: `bbox=${box().join(',')}&zoom=${encodeURIComponent(written)}`, outcome: 'answered' };
    },
    () => {
      const written = pick(['2031-02-30', '2031-13-01', '31-05-10', '2031-5-1', 'heute', '2031-05-10T00:00', '%00', '2031-05-10%0A']);
      return { family: `date ${written}`, query: `bbox=${box().join(',')}&zoom=${zoom()}&date=${written}`, outcome: 'refused' };
    },
    () => {
      const written = pick(['ja', 'vielleicht', '2', 'yes please', '%00']);
      return { family: `upcoming ${written}`, query: `bbox=${box().join(',')}&zoom=${zoom()}&upcoming=${encodeURIComponent(written)}`, outcome: 'refused' };
    },
    () => {
      const extra = pick(['__proto__=x', 'constructor[prototype][x]=1', 'limit=100000', 'offset=-1', 'clustered=false', 'maxEvents=100000']);
      return { family: `unknown parameter ${extra}`, query: `bbox=${GERMANY}&zoom=${int(10, VIEWPORT.maxZoom)}&${extra}`, outcome: 'either' };
    },
  ];

  return Array.from({ length: count }, (_, i) => {
    const { family, ...rest } = pick(families)();
    return { name: `#${i} (seed ${seed}) ${family}`, ...rest };
  });
}

/** Cases written out by hand: the ones the issue names, and the map's own requests as the control group. */
const FIXED: Case[] = [
  { name: 'Germany at zoom 6, as the map opens', query: `bbox=${GERMANY}&zoom=6&upcoming=true`, outcome: 'answered' },
  { name: 'Köln at zoom 12', query: 'bbox=6.74,50.85,7.18,51.02&zoom=12', outcome: 'answered' },
  { name: 'the world at zoom 20', query: 'bbox=-180,-90,180,90&zoom=20', outcome: 'answered' },
  { name: 'Germany at zoom 20', query: `bbox=${GERMANY}&zoom=20`, outcome: 'answered' },
  { name: 'inverted', query: 'bbox=15.5,47,5.5,55.2&zoom=6', outcome: 'refused', message: VALIDATION.invalidBbox },
  { name: 'beyond the pole', query: 'bbox=5.5,47,15.5,90.000001&zoom=6', outcome: 'refused', message: VALIDATION.invalidBbox },
  { name: 'no box', query: 'zoom=6', outcome: 'refused', message: VALIDATION.invalidBbox },
  { name: 'no zoom', query: `bbox=${GERMANY}`, outcome: 'refused', message: VALIDATION.invalidZoom },
  { name: 'nothing', query: '', outcome: 'refused', message: VALIDATION.invalidBbox },
  { name: 'NUL in the box', query: 'bbox=6.8%00,50.8,7.1,51.1&zoom=12', outcome: 'refused', message: API_ERRORS.invalidCharacters },
  // Invalid UTF-8: it decodes to U+FFFD (or stays encoded), never to a lone surrogate; either way no zoom.
  { name: 'a lone surrogate in the zoom', query: `bbox=${GERMANY}&zoom=%ED%A0%80`, outcome: 'refused' },
];

/** Whether the answer is a refusal or a bounded answer; the reason when it is neither. */
function judge(answer: RawAnswer, c: Case): string | null {
  if (answer.status >= 500) return `5xx: ${answer.status} ${answer.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `not JSON: ${answer.status} ${answer.body.slice(0, 200)}`;
  }
  if (answer.status === 400) {
    if (c.outcome === 'answered') return `refused what the server must take: ${answer.body}`;
    const message = (body as { message?: unknown }).message;
    if (Object.keys(body as object).join() !== 'message' || typeof message !== 'string' || !GERMAN_SENTENCES.has(message))
      return `not one German sentence: ${answer.body}`;
    if (c.message && message !== c.message) return `refused with "${message}", not "${c.message}"`;
    return null;
  }
  if (answer.status !== 200) return `neither 400 nor 200: ${answer.status} ${answer.body.slice(0, 200)}`;
  if (c.outcome === 'refused') return `answered what must be refused: ${answer.body.slice(0, 200)}`;
  const parsed = ZEventViewport.strict().safeParse(body);
  if (!parsed.success) return `not the viewport's shape: ${parsed.error.message.slice(0, 300)}`;
  const v = parsed.data;
  if (v.inView > v.total) return `more in view (${v.inView}) than in all (${v.total})`;
  if (v.clustered) {
    if (v.events.length) return 'clustered with events';
    if (v.clusters.length > VIEWPORT.maxCellsPerSide ** 2) return `${v.clusters.length} clusters`;
    if (v.clusters.reduce((sum, k) => sum + k.count, 0) !== v.inView) return 'clusters that do not add up to inView';
    return null;
  }
  if (v.clusters.length) return 'a list with clusters';
  if (v.events.length > VIEWPORT.maxEvents) return `${v.events.length} events listed`;
  if (v.events.length !== v.inView) return `${v.events.length} events listed, ${v.inView} in view`;
  return null;
}

async function ask(c: Case): Promise<string | null> {
  const answer = await rawRequest(gatewayPort, 'GET', `/api/events/viewport?${c.query}`);
  const verdict = judge(answer, c);
  return verdict && `${c.name}: GET /api/events/viewport?${c.query.slice(0, 300)} → ${verdict}`;
}

describe('GET /api/events/viewport with hostile boxes, through the gateway', () => {
  it("answers the written-out cases: refusals with their sentence, the map's requests and huge boxes bounded", async () => {
    const failures: string[] = [];
    for (const c of FIXED) {
      const failure = await ask(c);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });

  it('clusters a box of more than 500 markets even at the highest zoom, never listing them', async () => {
    const answer = await rawRequest(gatewayPort, 'GET', `/api/events/viewport?bbox=${GERMANY}&zoom=${VIEWPORT.maxZoom}`);
    expect(answer.status).toBe(200);
    const v = ZEventViewport.parse(JSON.parse(answer.body));
    expect(v.inView).toBeGreaterThan(VIEWPORT.maxEvents);
    expect(v.clustered).toBe(true);
    expect(v.events).toEqual([]);
    expect(v.clusters.length).toBeGreaterThan(0);
    expect(v.clusters.length).toBeLessThanOrEqual(VIEWPORT.maxCellsPerSide ** 2);
  });

  it(`answers ${GENERATED} generated hostile queries (seed ${SEED}) with a German 400 or a bounded answer, never a 5xx`, async () => {
    const cases = generatedCases(SEED, GENERATED);
    // Every family comes up in a run of this length (the generator is fair), so no kind of input goes untried.
    expect(new Set(cases.map((c) => c.name.replace(/^#\d+ \(seed \d+\) /, '').split(' ')[0])).size).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const c of cases) {
      const failure = await ask(c);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    // Both kinds of answer were really exercised: a suite that only ever saw 400s would prove little.
    expect(cases.filter((c) => c.outcome === 'answered').length).toBeGreaterThan(GENERATED / 10);
    expect(cases.filter((c) => c.outcome === 'refused').length).toBeGreaterThan(GENERATED / 3);
  }, 240_000);
});
