import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's wrk, if installed (`apt-get install wrk`): a load generator in C that is not the bottleneck. */
export function hasWrk() {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/**
 * Throughput and latency of GETs over `paths` (cycled) on `origin`, with `connections` kept open, for
 * `seconds`, as wrk measures them. A generator in the benchmark's own Node process (fetch) tops out
 * near 2,000 requests per second here and would flatten any comparison above that.
 */
export async function wrkMeasure(origin, paths, { connections = 50, seconds = 10, headers = {} } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'paths.lua');
    writeFileSync(
      script,
      [
        `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }`,
        ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
        'local i = 0',
        'request = function() i = i + 1; return wrk.format("GET", paths[(i % #paths) + 1]) end',
        'done = function(summary, latency, requests)',
        '  io.write(string.format("RESULT %d %d %d %f %f %f %f\\n", summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.duration,',
        '    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, 0))',
        'end',
      ].join('\n'),
    );
    // Asynchronously: the reference server lives in this very process and must keep serving meanwhile.
    // A 10 s timeout (wrk's own is 2 s): on a busy machine a slow answer is a figure, not an error.
    const { stdout: out } = await promisify(execFile)('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, origin], {
      encoding: 'utf8',
    });
    const [, requests, errors, durationUs, p50, p95, p99] = /RESULT (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out) ?? [];
    if (!requests) throw new Error(`wrk printed no result:\n${out}`);
    if (Number(errors) > 0) throw new Error(`wrk: ${errors} of ${requests} requests failed or were not 2xx/3xx (${origin}${paths[0]})`);
    return { requests: Number(requests), rps: Number(requests) / (Number(durationUs) / 1e6), p50: Number(p50), p95: Number(p95), p99: Number(p99) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
