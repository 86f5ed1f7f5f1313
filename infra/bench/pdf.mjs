#!/usr/bin/env node
/**
 * `npm run bench:pdf`: the printed kit of an event with 300 approved stands (issue 18), drawn by
 * the stands service's own code (its build output) as the routes draw it: sorting the stands,
 * fetching the map tiles, drawing and streaming the PDF into a sink that reads it like a slow-ish
 * client would not (it drops the bytes). Each document in its own process, so the peak memory
 * (VmHWM) is that document's alone. Cases: the stand list, the stand map on the plain frame
 * (tiles unreachable), the stand map over tiles (a local tile server with OSM-sized tiles, since
 * a benchmark must not load the real tile server), and the poster.
 * Prints figures; asserts nothing. Target: each under 2 s, memory bounded (well below the
 * service's Kubernetes limit). Knobs: BENCH_PDF_STANDS (300), BENCH_PDF_OUT (a folder: keep the PDFs).
 * Needs `npm run build` (or `npx nx run @flohmarkt/stands:build`) first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { statusKb } from './process-cpu.mjs';

const STANDS = Number(process.env.BENCH_PDF_STANDS ?? 300);
const OUT = process.env.BENCH_PDF_OUT ?? '';
const TARGET_MS = 2000;
const HERE = fileURLToPath(import.meta.url);
const say = (line = '') => process.stdout.write(`${line}\n`);

const CATEGORIES = ['Bücher', 'Kleidung', 'Spielzeug', 'Schallplatten', 'Geschirr', 'Möbel', 'Kinderkleidung', 'Elektronik', 'Werkzeug', 'Kunst'];
const FOOD = ['Kuchen', 'Waffeln', 'Getränke'];
const WORDS =
  'Gut erhaltene Sachen aus dem Keller, Bücher für Groß und Klein, Küchenkram, Spiele für regnerische Sonntage und ein paar Überraschungen – alles muss raus'.split(
    ' ',
  );

/** A street market in Köln-Ehrenfeld: stands spread over about a square kilometre, most numbered. */
function sheet() {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const stands = Array.from({ length: STANDS }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    number: i % 25 === 24 ? null : String(i + 1),
    categories: [CATEGORIES[i % CATEGORIES.length], CATEGORIES[(i * 3) % CATEGORIES.length], ...(i % 7 === 0 ? [FOOD[i % FOOD.length]] : [])],
    description: WORDS.slice(0, 6 + Math.floor(random() * (WORDS.length - 6))).join(' '),
    latitude: i % 30 === 29 ? null : 50.944 + random() * 0.009,
    longitude: i % 30 === 29 ? null : 6.912 + random() * 0.014,
    acceptsPayPal: i % 3 === 0,
  }));
  const event = {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Großer Straßenflohmarkt „Ehrenfeld“ – Venloer Straße',
    location: 'Venloer Straße, 50823 Köln',
    start: new Date('2026-06-06T06:00:00Z'),
    end: new Date('2026-06-06T14:00:00Z'),
    cancelled: false,
    cancelReason: null,
    latitude: 50.948,
    longitude: 6.919,
  };
  const eventUrl = `https://flohmarkt.example/events/${event.id}`;
  return { event, stands, eventUrl, shortUrl: eventUrl.replace(/^https?:\/\//, ''), printedAt: new Date() };
}

/** A 256×256 PNG that compresses like a map tile (about 20-40 KB): streets of noise on a light ground. */
function tilePng(seed) {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const street = (x + seed) % 37 < 5 || (y * 3 + seed) % 53 < 4;
      const v = street ? 255 : 225 + ((x * 7 + y * 13 + seed * 31) % 29) - ((x ^ y) & 7);
      raw[row + 1 + x * 3] = v;
      raw[row + 2 + x * 3] = street ? 250 : v - 8;
      raw[row + 3 + x * 3] = street ? 200 : v - 14;
    }
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  // pdfkit does not check CRCs; a real tile server's tiles have them, and reading them costs nothing here.
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One document, in this (child) process: time and bytes. */
async function renderOne(kind, tileUrl, fileName) {
  const dist = (file) => import(`@flohmarkt/stands/dist/print/${file}`);
  const [{ newPdf }, { drawStandList }, { drawStandMap, planStandMap }, { drawPoster }, { MapTiles }, { tilesCovering }, { byStandNumber }] = await Promise.all(
    ['pdf-document.js', 'stand-list-pdf.js', 'stand-map-pdf.js', 'poster-pdf.js', 'map-tiles.js', 'map-geometry.js', 'stand-order.js'].map(dist),
  );
  const data = sheet();
  // The process with the service's modules loaded, before any drawing: the rest of the peak is the document's.
  const loadedKb = statusKb('self', 'VmRSS');
  const started = performance.now();
  // As the route does: the stands come sorted by number (the sort is part of the work).
  data.stands = data.stands.map((s) => ({ ...s, standNumber: s.number, createdAt: '2026-05-01T00:00:00Z' })).sort(byStandNumber);
  let bytes = 0;
  const counted = (c) => (bytes += c.length);
  const file = OUT ? createWriteStream(path.join(OUT, `${fileName}.pdf`)) : null;
  const sink = new Writable({ write: (c, _e, done) => (counted(c), file ? file.write(c, done) : done()), final: (done) => (file ? file.end(done) : done()) });
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  let tileCount = 0;
  // As the routes do: the tiles first, then the document, streamed as it is drawn.
  let draw;
  if (kind === 'stand-list') draw = (doc) => drawStandList(doc, data);
  else if (kind === 'poster') draw = (doc) => drawPoster(doc, data);
  else {
    const plan = planStandMap(data);
    const tiles = new MapTiles({ TILE_URL: tileUrl, PUBLIC_URL: 'http://127.0.0.1:9', PRINT_TILE_TIMEOUT_MS: 1500 });
    const images = await tiles.fetch(tilesCovering(plan.view));
    tileCount = images?.length ?? 0;
    draw = (doc) => drawStandMap(doc, data, plan, images);
  }
  const doc = newPdf(`${kind}: ${data.event.name}`);
  doc.pipe(sink);
  draw(doc);
  doc.end();
  await finished;
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, bytes, hwmKb: statusKb('self', 'VmHWM'), loadedKb, tileCount }));
}

function child(kind, tileUrl, file) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [HERE, '--one', kind, tileUrl, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (c) => (out += c));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${kind} exited ${code}`))));
  });
}

async function main() {
  const stands = path.join(path.dirname(HERE), '../../services/stands/dist/print/stand-map-pdf.js');
  if (!existsSync(stands)) {
    say('Building the stands service first (npx nx run @flohmarkt/stands:build) ...');
    execFileSync('npx', ['nx', 'run', '@flohmarkt/stands:build', '--outputStyle=static'], { stdio: 'inherit' });
  }
  if (OUT) mkdirSync(OUT, { recursive: true });
  const tiles = new Map();
  let served = 0;
  const server = createServer((req, res) => {
    const m = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    const key = m.slice(1).join('/');
    if (!tiles.has(key)) tiles.set(key, tilePng(Number(m[2]) + Number(m[3])));
    served += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end(tiles.get(key));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const tileUrl = `http://127.0.0.1:${server.address().port}/tiles/{z}/{x}/{y}.png`;
  const unreachable = 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png';

  say(`Printed kit of an event with ${STANDS} approved stands (each document in its own process; target < ${TARGET_MS} ms)`);
  say('document                             time     size  peak RSS (VmHWM)  of it before drawing');
  const cases = [
    ['stand-list', 'Standliste', '', 'standliste'],
    ['stand-map', 'Standplan, ohne Kacheln', unreachable, 'standplan-ohne-kacheln'],
    ['stand-map', 'Standplan, über Kacheln', tileUrl, 'standplan'],
    ['poster', 'Plakat', '', 'plakat'],
  ];
  for (const [kind, label, url, file] of cases) {
    const r = await child(kind, url, file);
    const tilesNote = kind === 'stand-map' ? ` (${r.tileCount} Kacheln)` : '';
    const verdict = r.ms < TARGET_MS ? 'ok' : 'ZU LANGSAM';
    const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
    say(
      `${`${label}${tilesNote}`.padEnd(36)} ${`${r.ms.toFixed(0)} ms`.padStart(7)}  ${`${(r.bytes / 1024).toFixed(0)} KB`.padStart(7)}  ${mb(r.hwmKb).padStart(16)}  ${mb(r.loadedKb).padStart(20)}   ${verdict}`,
    );
  }
  say(`(tiles served by the local tile server: ${served})`);
  if (OUT) say(`PDFs in ${OUT}`);
  server.close();
}

if (process.argv[2] === '--one') await renderOne(process.argv[3], process.argv[4], process.argv[5]);
else await main();
