#!/usr/bin/env node
/**
 * `npm run bench:photos`: the photo pipeline as it runs in production (gateway → media → queue →
 * worker process → bucket), on a scratch stack.
 *   1. 12-megapixel camera JPEGs (with EXIF GPS) uploaded at one per second: upload latency and the
 *      time until the photo is served, p50/p95.
 *   2. Worker throughput on originals already queued (worker stopped, N uploads, worker started),
 *      in photos per second, and the worker's peak memory (VmHWM).
 *   0. Ten uploads of 15 MB bodies at once: the answers and the peak memory (VmHWM) of the gateway
 *      and the media service, against their Kubernetes limits (UPLOAD_CONCURRENCY bounds both).
 *   3. For comparison, sharp alone: the worker's own image code (ImageModule.render) on the same
 *      originals in this process, as many at a time as the worker runs, without queue or bucket;
 *      and the worker's throughput scaled by it to the machine where the target was set (sharp
 *      alone 27 photos/s), because the speed of this VM varies from day to day.
 * Before step 2 the uploads are flushed to disk and the machine left to go idle, so step 2 measures
 * the worker and not the upload burst's after-effects. Prints figures; asserts nothing. Targets:
 * served within 2 s p95 at 1 upload/s, at least 15 large photos/s through one worker, peak below 600 MB.
 *
 * `--burst-only` runs step 0 alone. Knobs (environment): UPLOAD_CONCURRENCY (gateway and media), BENCH_PHOTO_UPLOADS (20), BENCH_PHOTO_BATCH (90), and the worker's own
 * WORKER_CONCURRENCY / SHARP_CONCURRENCY (passed through to the processes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createClient } from 'redis';
import sharp from 'sharp';
import { DEFAULT_SHARP_CONCURRENCY, DEFAULT_WORKER_CONCURRENCY } from '@flohmarkt/media/dist/config.js';
import { ImageModule } from '@flohmarkt/media/dist/images/image-module.js';
import { marketBody, must, signedIn, untilServed } from './api-setup.mjs';
import { percentile } from './load.mjs';
import { cpuByProcess, cpuSince, loadAverage, processCpuMs, statusKb } from './process-cpu.mjs';
import { buildAll, startScratchStack } from './scratch-stack.mjs';

const UPLOADS = Number(process.env.BENCH_PHOTO_UPLOADS ?? 20);
const BATCH = Number(process.env.BENCH_PHOTO_BATCH ?? 90);
const VARIANTS = 4;
const BURST = 10;
/** `--burst-only`: step 0 alone (a minute instead of several). */
const BURST_ONLY = process.argv.includes('--burst-only');
class StopAfterBurst extends Error {}
/** The gateway's default body limit for photo uploads (PHOTO_BODY_LIMIT_BYTES). */
const BODY_LIMIT = 15 * 1024 * 1024;
/** The memory limits of k8s/base (gateway.yaml, media.yaml). */
const K8S_MEMORY_LIMIT_MB = { gateway: 512, media: 384 };
/** Photos per second of sharp alone on the machine where the worker's target of 15 photos/s was set. */
const REFERENCE_SHARP_ALONE = 27;
const PHOTOS_PER_STAND = 3;
const say = (line = '') => process.stdout.write(`${line}\n`);
const ms = (v) => `${v.toFixed(0)} ms`;

/** Random pixels of width × height, as sharp's raw input. */
function noise(width, height) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A camera-like 4000x3000 JPEG: blurred noise compresses like a real photo (several MB), with GPS in EXIF. */
async function cameraJpeg(seed) {
  return noise(4000, 3000)
    .blur(1.2)
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'BenchCam', Model: `B-${seed}` },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 56/1 59/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 57/1 1/1' },
    })
    .toBuffer();
}

/** Resident memory of a process now, in MB. */
const rssMb = (pid) => statusKb(pid, 'VmRSS') / 1024;

/** The largest photo the platform takes (just under 10 MB): noise compresses badly. */
const largestJpeg = () => noise(3600, 2700).jpeg({ quality: 95 }).toBuffer();

/** Peak resident memory of a process so far (kernel's high-water mark), in MB. */
const peakRssMb = (pid) => statusKb(pid, 'VmHWM') / 1024;

/** CPU time of all cores so far, busy and idle (iowait counts as idle), in ms. */
function machineCpuMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: ((all - idle) * 1000) / 100, idle: (idle * 1000) / 100 };
}

function summary(label, values) {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label.padEnd(36)} p50 ${ms(percentile(sorted, 50)).padStart(8)}   p95 ${ms(percentile(sorted, 95)).padStart(8)}   max ${ms(sorted.at(-1)).padStart(8)}`;
}

if (!process.argv.includes('--no-build')) buildAll();
const stack = await startScratchStack({
  // The benchmark uploads more than the per-user and per-address abuse limits allow.
  gatewayEnv: { PHOTO_UPLOAD_LIMIT: '100000', GUEST_REGISTRATION_LIMIT: '100000' },
  // One organiser uploads the burst: the per-user limit (2 at a time) is lifted so that the
  // per-process limit is what the burst meets.
  env: { UPLOAD_CONCURRENCY_PER_USER: '100' },
  // The heap sizes are production's (the launcher's heap-options.mjs): so are the memory figures.
});
const db = new pg.Client({ connectionString: stack.databaseUrl });
const redis = createClient({ url: stack.env.REDIS_URL });
try {
  await db.connect();
  await redis.connect();
  const organiser = await signedIn(stack.publicUrl, { email: 'bench.photos@example.org', firstName: 'Bea', lastName: 'Bench' });
  const event = await must(organiser, 'POST', '/api/events', marketBody('Foto-Benchmark', 10));
  // Guest stands of the organiser's event: the organiser may add photos to each (3 per stand).
  const stands = [];
  for (let i = 0; i < Math.ceil((BURST + UPLOADS + BATCH) / PHOTOS_PER_STAND); i++) {
    const stand = await must(organiser, 'POST', `/api/events/${event.id}/guest-stands`, {
      guestFirstName: 'Gast',
      description: 'Stand für den Foto-Benchmark.',
      categories: ['Bücher'],
    });
    stands.push(stand.id);
  }
  let slot = 0;
  const nextStand = () => stands[Math.floor(slot++ / PHOTOS_PER_STAND)];

  let t = performance.now();
  const images = [];
  for (let i = 0; i < VARIANTS; i++) images.push(await cameraJpeg(i));
  const bodies = images.map((bytes) => JSON.stringify({ photoData: `data:image/jpeg;base64,${bytes.toString('base64')}`, fileName: 'IMG_1234.JPG' }));
  const meta = await sharp(images[0]).metadata();
  say(
    `generated ${VARIANTS} camera JPEGs ${meta.width}x${meta.height} (${(images.reduce((a, b) => a + b.length, 0) / VARIANTS / 1048576).toFixed(1)} MB each, EXIF with GPS) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const workerConcurrency = Number(process.env.WORKER_CONCURRENCY ?? DEFAULT_WORKER_CONCURRENCY);
  say(
    `worker: WORKER_CONCURRENCY=${process.env.WORKER_CONCURRENCY ?? `${DEFAULT_WORKER_CONCURRENCY} (default)`}, SHARP_CONCURRENCY=${process.env.SHARP_CONCURRENCY ?? `${DEFAULT_SHARP_CONCURRENCY} (default)`}; 2 cores shared by the benchmark, gateway, services, worker, PostgreSQL and the S3 server`,
  );

  /** A photo upload to the next stand with a free photo slot. */
  const postPhoto = (body) => organiser.fetch(`/api/stands/${nextStand()}/photos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const upload = async (i) => {
    const started = performance.now();
    const res = await postPhoto(bodies[i % VARIANTS]);
    const body = await res.json();
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return { started, answered: performance.now(), path: body.photos.at(-1) };
  };

  // 0. A burst: ten 15 MB bodies at once. Each is held whole while it is checked, so what bounds the
  // memory is how many the gateway and media take in at a time (UPLOAD_CONCURRENCY); the rest wait
  // with their bytes in the socket.
  say(
    `\n0. ${BURST} uploads of 15 MB bodies at the same time (gateway UPLOAD_CONCURRENCY=${process.env.UPLOAD_CONCURRENCY ?? '4 (default)'}, media ${process.env.UPLOAD_CONCURRENCY ?? '2 (default)'})`,
  );
  const largest = await largestJpeg();
  const largestJson = JSON.stringify({ photoData: `data:image/jpeg;base64,${largest.toString('base64')}`, fileName: 'IMG_9999.JPG' });
  // JSON may carry whitespace: padded to just under the gateway's body limit, as a hostile client would.
  const burstBody = largestJson + ' '.repeat(Math.max(0, BODY_LIMIT - 1024 - largestJson.length));
  const memoryBefore = { gateway: rssMb(stack.entries.gateway.child.pid), media: rssMb(stack.entries.media.child.pid) };
  const burstStarted = performance.now();
  const burst = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const res = await postPhoto(burstBody);
      await res.arrayBuffer();
      return res.status;
    }),
  );
  say(
    `photo ${(largest.length / 1048576).toFixed(1)} MB, body ${(burstBody.length / 1048576).toFixed(1)} MB; answers ${Object.entries(
      burst.reduce((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {}),
    )
      .map(([s, n]) => `${n}× ${s}`)
      .join(', ')} after ${((performance.now() - burstStarted) / 1000).toFixed(1)} s`,
  );
  for (const name of ['gateway', 'media']) {
    say(
      `${name.padEnd(8)} memory: ${memoryBefore[name].toFixed(0)} MB before, peak ${peakRssMb(stack.entries[name].child.pid).toFixed(0)} MB (VmHWM; the Kubernetes limit is ${K8S_MEMORY_LIMIT_MB[name]} MB)`,
    );
  }

  if (BURST_ONLY) throw new StopAfterBurst();

  // 1. One upload per second; each photo is polled until the gateway serves it.
  say(`\n1. ${UPLOADS} uploads at one per second`);
  const latency = [];
  const servedAfter = [];
  const afterAnswer = [];
  const runs = [];
  const phaseStart = performance.now();
  for (let i = 0; i < UPLOADS; i++) {
    await sleep(Math.max(0, phaseStart + i * 1000 - performance.now()));
    runs.push(
      (async () => {
        const u = await upload(i);
        latency.push(u.answered - u.started);
        await untilServed(`${stack.publicUrl}${u.path}`, 25);
        const now = performance.now();
        servedAfter.push(now - u.started);
        afterAnswer.push(now - u.answered);
      })(),
    );
  }
  await Promise.all(runs);
  say(summary('upload answered', latency));
  say(summary('served (from upload start)', servedAfter));
  say(summary('served (after the upload answered)', afterAnswer));
  say(`worker peak memory so far: ${peakRssMb(stack.entries.mediaWorker.child.pid).toFixed(0)} MB`);

  // 2. Worker throughput: originals queued while the worker is stopped, then one worker starts.
  say(`\n2. worker throughput on ${BATCH} queued 12 MP originals`);
  await stack.group.stopOne(stack.entries.mediaWorker);
  const queued = [];
  for (let i = 0; i < BATCH; i += 2) {
    const pair = await Promise.all([i, i + 1].filter((k) => k < BATCH).map((k) => upload(k)));
    queued.push(...pair.map((u) => u.path.split('/').at(-1).replace('.jpg', '')));
  }
  // "On originals already queued": what the upload burst leaves behind (about 400 MB of dirty pages
  // the kernel writes back 30 s later, the gateway, media service and S3 server collecting their
  // garbage) is not the worker's work. The benchmark flushes it and waits until the cores are idle.
  const settling = performance.now();
  execFileSync('sync');
  let idleShare = 0;
  while (performance.now() - settling < 30_000) {
    const before = machineCpuMs();
    await sleep(1000);
    const after = machineCpuMs();
    idleShare = (after.idle - before.idle) / (after.busy - before.busy + after.idle - before.idle);
    if (idleShare > 0.9) break;
  }
  say(
    `uploads flushed to disk and the machine idle (${(100 * idleShare).toFixed(0)} % over the last second) after ${((performance.now() - settling) / 1000).toFixed(1)} s`,
  );
  const spawned = performance.now();
  stack.entries.mediaWorker = stack.group.restart(stack.entries.mediaWorker);
  const pid = stack.entries.mediaWorker.child.pid;
  // The worker's own start (module loading: about a second of CPU) is not photo work: CPU is counted
  // from the moment it answers /health, which it does right after it has begun consuming.
  const healthUrl = `http://127.0.0.1:${stack.ports.mediaWorker}/health`;
  while (
    !(await fetch(healthUrl).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(20);
  const cpuAtStart = processCpuMs(pid);
  const processesAtStart = cpuByProcess();
  const machineAtStart = machineCpuMs();
  let peak = 0;
  let cpu = 0;
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM media.photos WHERE id = ANY($1) AND status = 'ready'`, [queued]);
    peak = Math.max(peak, peakRssMb(pid));
    cpu = processCpuMs(pid);
    if (rows[0].n === queued.length) break;
    // Seldom: this loop shares the cores it measures. The window comes from the jobs' own
    // timestamps and the peak from the kernel's high-water mark, so nothing is lost by waiting.
    await sleep(250);
  }
  const done = performance.now();
  const machineAtEnd = machineCpuMs();
  const processes = cpuSince(processesAtStart);
  peak = Math.max(peak, peakRssMb(pid));
  const prefix = `${stack.env.REDIS_PREFIX}bull:media-photos:`;
  const jobs = await Promise.all(queued.map((id) => redis.hmGet(`${prefix}${id}`, ['processedOn', 'finishedOn'])));
  const firstStart = Math.min(...jobs.map(([p]) => Number(p)));
  const lastEnd = Math.max(...jobs.map(([, f]) => Number(f)));
  const perJob = jobs.map(([p, f]) => Number(f) - Number(p));
  say(
    `processing window (first job start → last job end): ${((lastEnd - firstStart) / 1000).toFixed(2)} s → ${(BATCH / ((lastEnd - firstStart) / 1000)).toFixed(1)} photos/s`,
  );
  say(
    `including the worker's start:                       ${((done - spawned) / 1000).toFixed(2)} s → ${(BATCH / ((done - spawned) / 1000)).toFixed(1)} photos/s`,
  );
  say(summary('one job (fetch, decode, encode, write)', perJob));
  const perPhotoCpu = (cpu - cpuAtStart) / BATCH;
  say(
    `worker CPU per photo: ${perPhotoCpu.toFixed(0)} ms (its start: ${cpuAtStart.toFixed(0)} ms once) → at most ${((os.cpus().length * 1000) / perPhotoCpu).toFixed(1)} photos/s on ${os.cpus().length} cores doing nothing else`,
  );
  const machineBusy = machineAtEnd.busy - machineAtStart.busy;
  const machineAll = machineBusy + machineAtEnd.idle - machineAtStart.idle;
  say(
    `the whole machine meanwhile: ${((100 * machineBusy) / machineAll).toFixed(0)} % of its cores busy, ${(machineBusy / BATCH).toFixed(0)} ms CPU per photo in all processes, of which:`,
  );
  // The worker is listed with the rest: the S3 server, PostgreSQL, Redis and this benchmark share the cores.
  for (const { command, ms } of processes.slice(0, 6))
    say(
      `  ${(ms / BATCH).toFixed(1).padStart(6)} ms  ${command
        .replace(/^\S*node /, 'node ')
        .replace(`${process.cwd()}/`, '')
        .slice(0, 90)}`,
    );
  say(`worker peak memory (VmHWM): ${peak.toFixed(0)} MB`);
  say(`load average during the run: ${loadAverage()} (figures above are wall-clock and shrink when other work shares the cores)`);

  // 3. The same image work without queue, bucket or database: the ceiling the worker is measured against.
  say(`\n3. sharp alone: the worker's image code on the same ${BATCH} originals, ${workerConcurrency} at a time, in one process`);
  const images3 = new ImageModule({ maxInputPixels: 40_000_000, concurrency: Number(process.env.SHARP_CONCURRENCY ?? DEFAULT_SHARP_CONCURRENCY) });
  // The worker renders from a local file (its download of the original); so does this.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-photos-'));
  const files = images.map((bytes, i) => {
    const file = path.join(scratch, `original-${i}.jpg`);
    writeFileSync(file, bytes);
    return file;
  });
  let next = 0;
  let aloneSeconds;
  let aloneCpu;
  try {
    await images3.render(files[0]); // warm-up: libvips loads its JPEG codec on first use
    const cpuBefore = process.cpuUsage();
    const aloneStart = performance.now();
    await Promise.all(
      Array.from({ length: workerConcurrency }, async () => {
        while (next < BATCH) await images3.render(files[next++ % VARIANTS]);
      }),
    );
    aloneSeconds = (performance.now() - aloneStart) / 1000;
    aloneCpu = process.cpuUsage(cpuBefore);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const workerRate = BATCH / ((lastEnd - firstStart) / 1000);
  const aloneRate = BATCH / aloneSeconds;
  say(
    `sharp alone: ${aloneRate.toFixed(1)} photos/s, CPU ${((aloneCpu.user + aloneCpu.system) / 1000 / BATCH).toFixed(0)} ms per photo; the worker reaches ${((workerRate * 100) / aloneRate).toFixed(0)} % of it`,
  );
  // The same code on this VM runs up to twice as fast on one day as on another (neighbours on the
  // host): sharp alone, measured minutes apart on the same cores, is the yardstick of the day. The
  // throughput target (15 photos/s) was set where sharp alone did about 27.
  say(
    `the worker scaled to the target's reference machine (sharp alone ${REFERENCE_SHARP_ALONE} photos/s): ${((workerRate * REFERENCE_SHARP_ALONE) / aloneRate).toFixed(1)} photos/s`,
  );
} catch (err) {
  if (!(err instanceof StopAfterBurst)) throw err;
} finally {
  await redis.close().catch(() => undefined);
  await db.end().catch(() => undefined);
  await stack.stop();
}
