import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { settleWithin } from './settle-within.js';

/** Figures read at scrape time (queue counts, outbox lag): sets its gauges, or throws to leave them out. */
type Sampler = () => Promise<void>;
/** A sampler that has not answered by then is left out of this scrape (Prometheus waits 10 s at most). */
const SAMPLE_DEADLINE_MS = 2000;
const noFigures = () => new Error(`no figures within ${SAMPLE_DEADLINE_MS} ms`);

/**
 * Prometheus metrics of one app: process figures, HTTP requests by route and status with their
 * latency, job figures for apps that run queue workers, and the seams between apps: queue counts and
 * outbox lag (messaging/seam-metrics.ts). Served on the app's own internal
 * port (`/metrics`), never through the public gateway.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobs: Counter<'queue' | 'job' | 'result'>;
  readonly jobDuration: Histogram<'queue' | 'job'>;
  readonly queueJobs: Gauge<'queue' | 'state'>;
  readonly outboxPending: Gauge<'schema'>;
  readonly outboxOldestAge: Gauge<'schema'>;
  private readonly samplers = new Set<Sampler>();
  private sampling: Promise<void> | null = null;

  constructor(readonly app: string) {
    this.registry.setDefaultLabels({ app });
    // The event-loop lag is sampled every 100 ms, not every 10 (prom-client's default): a timer
    // firing 100 times a second costs an idle process 7 ms of CPU per second (0.8 at 100 ms),
    // in every app on the same cores as the photo worker. Stalls that matter last far longer.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 100 });
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.jobs = new Counter({ name: 'jobs_total', help: 'Queue jobs finished, by result', labelNames: ['queue', 'job', 'result'], registers: [this.registry] });
    this.jobDuration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Time a queue job took',
      labelNames: ['queue', 'job'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [this.registry],
    });
    // Read on scrape, not kept up to date: a scrape every 15 s costs a few Redis commands and one
    // small query, and nothing runs in between. Each gauge's collect waits for the same sampling.
    const sampled = { registers: [this.registry], collect: () => this.sample() };
    this.queueJobs = new Gauge({
      name: 'flohmarkt_queue_jobs',
      help: 'Jobs in a BullMQ queue, by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      ...sampled,
    });
    this.outboxPending = new Gauge({
      name: 'flohmarkt_outbox_pending',
      help: 'Outbox messages not yet relayed to their queue',
      labelNames: ['schema'],
      ...sampled,
    });
    this.outboxOldestAge = new Gauge({
      name: 'flohmarkt_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox message not yet relayed (0 when none waits)',
      labelNames: ['schema'],
      ...sampled,
    });
  }

  /** Adds figures read at every scrape; answers the function that removes them again. */
  addSampler(sampler: Sampler): () => void {
    this.samplers.add(sampler);
    return () => this.samplers.delete(sampler);
  }

  /**
   * Runs every sampler once per scrape, however many gauges ask. What a sampler could not read
   * (Redis or the database down) is absent from the scrape rather than stale.
   */
  private sample(): Promise<void> {
    this.sampling ??= (async () => {
      for (const gauge of [this.queueJobs, this.outboxPending, this.outboxOldestAge]) gauge.reset();
      await Promise.all([...this.samplers].map((sampler) => settleWithin(sampler(), SAMPLE_DEADLINE_MS, noFigures).catch(() => undefined)));
    })().finally(() => {
      this.sampling = null;
    });
    return this.sampling;
  }

  /**
   * Counts every answer. `routeOf` names the route pattern (never the raw path, which would give
   * one time series per id).
   */
  middleware(routeOf: (req: Request) => string | undefined) {
    return (req: Request, res: Response, next: NextFunction): void => {
      const started = process.hrtime.bigint();
      res.on('finish', () => this.countAnswer(req.method, routeOf(req) ?? 'unmatched', res.statusCode, started));
      next();
    };
  }

  /** One answered request, `started` by process.hrtime.bigint(): for the middleware and for answers made without it. */
  countAnswer(method: string, route: string, status: number, started: bigint): void {
    const labels = { method, route, status: String(status) };
    this.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    this.httpRequests.inc(labels);
  }

  async handler(_req: Request, res: Response): Promise<void> {
    res.setHeader('Content-Type', this.registry.contentType);
    res.end(await this.registry.metrics());
  }
}

/** The one registry of this process (an app is one process). */
let current: AppMetrics | null = null;
export function appMetrics(app: string): AppMetrics {
  if (!current) current = new AppMetrics(app);
  return current;
}
