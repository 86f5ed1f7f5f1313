/** One `http_requests_total` series of one process: its labels and its count. */
export interface RequestSeries {
  method: string;
  route: string;
  status: string;
  count: number;
}

/** What one replica has answered so far, by series (from its Prometheus `/metrics`). */
export type RequestCounts = RequestSeries[];

const SERIES = /^http_requests_total\{([^}]*)\}\s+([0-9.e+-]+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Scrapes `http_requests_total` from a metrics URL (a service's /metrics or a gateway's metrics port). */
export async function scrapeRequests(metricsUrl: string): Promise<RequestCounts> {
  const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(5000) });
  if (res.status !== 200) throw new Error(`${metricsUrl}: ${res.status}`);
  const series: RequestCounts = [];
  for (const line of (await res.text()).split('\n')) {
    const match = SERIES.exec(line.trim());
    if (!match) continue;
    const labels = Object.fromEntries([...match[1].matchAll(LABEL)].map((m) => [m[1], m[2]]));
    series.push({ method: labels.method, route: labels.route, status: labels.status, count: Number(match[2]) });
  }
  return series;
}

/** Probes of orchestrators and of the gateway's readiness check, not requests of the session. */
const PROBES = new Set(['/health', '/healthz', '/metrics']);

/** Requests counted in `after` and not yet in `before` that match `where` (probes left out). */
export function handledSince(before: RequestCounts, after: RequestCounts, where: (s: RequestSeries) => boolean = () => true): number {
  const key = (s: RequestSeries) => `${s.method} ${s.route} ${s.status}`;
  const earlier = new Map(before.map((s) => [key(s), s.count]));
  return after.filter((s) => !PROBES.has(s.route) && where(s)).reduce((sum, s) => sum + s.count - (earlier.get(key(s)) ?? 0), 0);
}
