/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One GET read to its end: the ms it took. Anything but 200 throws, or a figure would measure errors. */
export async function timedGet(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** Requests sent before the measured ones: connections open, code paths warm. */
const WARMUP = 50;

/**
 * Sends `requests` GETs with `concurrency` in flight and returns throughput and latency
 * percentiles in ms.
 */
export async function measure(urlFor, { requests, concurrency, headers }) {
  const one = (i) => timedGet(urlFor(i), headers);
  for (let i = 0; i < WARMUP; i++) await one(i);
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) times.push(await one(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { requests, rps: requests / seconds, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

export function formatRow(name, r) {
  const f = (n) => n.toFixed(2).padStart(8);
  return `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${f(r.p50)} ms  p95 ${f(r.p95)} ms  p99 ${f(r.p99)} ms`;
}
