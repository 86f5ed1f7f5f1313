import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/*
 * What a `.cpuprofile` (V8's sampling profiler, cpu-profile-preload.mjs) says about where the time
 * went: self time per function and per package, as shares of the samples, and per request when the
 * number of requests answered meanwhile is known.
 */

/** Where a function lives, short: a package under node_modules, a Node internal, or our own file. */
function placeOf(url) {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const own = /\/(gateway|services\/[^/]+|libs\/[^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/**
 * Self time by function and by place (package or file), largest first. `requests`, if given, turns
 * the totals into µs per request.
 */
function summariseProfile(file, { top = 25, requests } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const totalUs = profile.endTime - profile.startTime;
  const byFunction = new Map();
  const byPlace = new Map();
  let idle = 0;
  for (const [id, n] of hits) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') idle += n;
    const place = placeOf(url);
    const fn = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
    byPlace.set(place, (byPlace.get(place) ?? 0) + n);
  }
  const busy = total - idle;
  const perRequest = (n) => (requests ? ` ${((totalUs * n) / total / requests).toFixed(1).padStart(6)} µs/req` : '');
  const lines = [
    `${file}: ${total} samples over ${(totalUs / 1e6).toFixed(1)} s, ${((100 * busy) / total).toFixed(0)} % busy` +
      (requests ? `, ${requests} requests: ${((totalUs * busy) / total / requests).toFixed(0)} µs of CPU each` : ''),
    '  by package or file (self time):',
  ];
  const rows = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, n] of rows(byPlace)) lines.push(`  ${((100 * n) / total).toFixed(1).padStart(5)} %${perRequest(n)}  ${name}`);
  lines.push('  by function (self time):');
  for (const [name, n] of rows(byFunction)) lines.push(`  ${((100 * n) / total).toFixed(1).padStart(5)} %${perRequest(n)}  ${name}`);
  return lines.join('\n');
}

/**
 * Runs `run` (a wrk measurement) with the profiler of `child` (loaded with cpu-profile-preload.mjs,
 * writing into `dir`) switched on around it, and answers its result with the summary of what the
 * process spent per request.
 */
export async function profiledRun(child, dir, run) {
  child.kill('SIGWINCH');
  const result = await run();
  child.kill('SIGWINCH');
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the profile is written after the stop
  const file = readdirSync(dir)
    .map((f) => path.join(dir, f))
    .sort()
    .at(-1);
  return { result, summary: summariseProfile(file, { requests: result.requests, top: 20 }) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) process.stdout.write(`${summariseProfile(file)}\n`);
}
