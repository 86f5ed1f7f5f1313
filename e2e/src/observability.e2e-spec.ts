import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@flohmarkt/contracts';
import { startTestStack, type TestStack } from './support/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const SERVICES = ['auth', 'events', 'stands', 'media'] as const;
const STATES = ['waiting', 'active', 'delayed', 'failed'];

async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return res.text();
}

/** True when the scrape carries the series with these labels (whatever its value). */
function hasSeries(text: string, name: string, labels: Record<string, string>): boolean {
  return text.split('\n').some((line) => {
    const match = /^(\w+)\{(.*)\} \S+$/.exec(line);
    if (match?.[1] !== name) return false;
    const has = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    return Object.entries(labels).every(([key, value]) => has[key] === value);
  });
}

describe('metrics of the seams', () => {
  it.each(SERVICES)('%s reports the outbox lag of its schema and the counts of every catalogue queue', async (service) => {
    const text = await scrape(`${stack.urls[service]}/metrics`);
    expect(hasSeries(text, 'flohmarkt_outbox_pending', { schema: service, app: service })).toBe(true);
    expect(hasSeries(text, 'flohmarkt_outbox_oldest_age_seconds', { schema: service, app: service })).toBe(true);
    for (const queue of Object.values(QUEUES)) {
      for (const state of STATES) expect(hasSeries(text, 'flohmarkt_queue_jobs', { queue, state }), `${queue} ${state}`).toBe(true);
    }
  });

  it('the photo worker serves /metrics on its own port with its queue and its job figures', async () => {
    const text = await scrape(`${stack.urls.mediaWorker}/metrics`);
    for (const state of STATES) expect(hasSeries(text, 'flohmarkt_queue_jobs', { queue: 'media-photos', state, app: 'media-worker' })).toBe(true);
    expect(text).toContain('# TYPE jobs_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('the gateway serves its metrics on its metrics port', async () => {
    const text = await scrape(`http://127.0.0.1:${stack.ports.gatewayMetrics}/metrics`);
    expect(text).toContain('http_requests_total');
  });

  it('none of them is reachable through the public port', async () => {
    for (const path of ['/metrics', '/api/metrics', ...SERVICES.map((s) => `/api/${s}/metrics`)]) {
      const res = await fetch(`${stack.publicUrl}${path}`);
      const body = await res.text();
      expect(body, path).not.toContain('flohmarkt_');
      expect(body, path).not.toContain('process_cpu_user_seconds_total');
    }
  });
});
