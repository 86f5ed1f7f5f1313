import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { TPlanRouteReply, TPlanRouteRequest } from '@flohmarkt/route-planner';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';

/**
 * What each worker thread runs: the planner's own build (the same module the service imports),
 * answering one job per message. Given as source, not as a file of this service, so the same code
 * starts from the service's build output and from its TypeScript sources under Vitest.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  // Linux: this thread alone (its id from /proc) runs at a lower priority, so on a busy machine the
  // service's event loop, the database and the gateway get the CPU first. Elsewhere: as it is.
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(thread, workerData.nice);
} catch {}
import(workerData.planner).then(({ planRouteRequest }) => {
  parentPort.on('message', (request) => parentPort.postMessage(planRouteRequest(request)));
});
`;

/** The planner module's file URL, as this service resolves '@flohmarkt/route-planner'. */
const PLANNER_URL = pathToFileURL(createRequire(import.meta.url).resolve('@flohmarkt/route-planner')).href;

/** The planner threads' nice value (0 normal, 19 lowest): below the event loop, above idle work. */
const WORKER_NICE = 19;

/** Every worker is busy and the queue is full: the caller should come back in a moment. */
export class PlannerBusyError extends Error {
  override readonly name = 'PlannerBusyError';
}

interface Job {
  request: TPlanRouteRequest;
  resolve: (reply: TPlanRouteReply) => void;
  reject: (error: Error) => void;
}

interface PlannerThread {
  worker: Worker;
  job: Job | null;
}

/**
 * Route plans run here, off the service's event loop: 150 stops cost 40–250 ms of CPU each, which on
 * the event loop would hold up every other request of the process. ROUTE_WORKERS threads (started
 * when first needed) plan one route at a time each; up to ROUTE_QUEUE_LIMIT more wait in order, and
 * one more is refused at once (PlannerBusyError → 503 with Retry-After), so a burst costs a bounded
 * share of the process and a caller never waits behind an unbounded line.
 */
@Injectable()
export class RouteWorkerPool implements OnModuleDestroy {
  private readonly logger = new Logger('RouteWorkerPool');
  private readonly threads = new Set<PlannerThread>();
  private readonly queue: Job[] = [];
  private readonly size: number;
  private readonly queueLimit: number;
  private closed = false;

  constructor(@Inject(STANDS_CONFIG) config: Pick<TStandsEnv, 'ROUTE_WORKERS' | 'ROUTE_QUEUE_LIMIT'>) {
    this.size = config.ROUTE_WORKERS;
    this.queueLimit = config.ROUTE_QUEUE_LIMIT;
  }

  /** Whether a plan asked for now would be refused: every worker busy and the queue full (or the pool closed). */
  get saturated(): boolean {
    const free = [...this.threads].some((t) => t.job === null) || this.threads.size < this.size;
    return this.closed || (!free && this.queue.length >= this.queueLimit);
  }

  plan(request: TPlanRouteRequest): Promise<TPlanRouteReply> {
    if (this.saturated) return Promise.reject(new PlannerBusyError('route planner full'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PlannerBusyError('route planner closed'));
    await Promise.all([...this.threads].map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = [...this.threads].find((t) => t.job === null) ?? (this.threads.size < this.size ? this.spawn() : null);
      if (!thread) return;
      thread.job = this.queue.shift()!;
      thread.worker.postMessage(thread.job.request);
    }
  }

  private spawn(): PlannerThread {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { planner: PLANNER_URL, nice: WORKER_NICE } });
    // An idle pool does not keep the process alive.
    worker.unref();
    const thread: PlannerThread = { worker, job: null };
    this.threads.add(thread);
    worker.on('message', (reply: TPlanRouteReply) => {
      const job = thread.job;
      thread.job = null;
      job?.resolve(reply);
      this.dispatch();
    });
    const lost = (error: Error) => {
      if (!this.threads.delete(thread)) return;
      if (!this.closed) this.logger.error(`route worker lost: ${error.message}`);
      thread.job?.reject(error);
      thread.job = null;
      // A new thread takes over the waiting jobs.
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`route worker exited with code ${code}`)));
    return thread;
  }
}
