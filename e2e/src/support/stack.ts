import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: the launcher is plain JavaScript (it runs before anything is built)
import { startStack } from '@flohmarkt/launcher';
import { createScratch } from '@flohmarkt/launcher/scratch';

export interface ChildEntry {
  name: string;
  exited: { code: number | null; signal: string | null } | null;
}

/** One process of a scaled-out app (`replicas` option); gateways also expose their metrics port. */
export interface Replica {
  name: string;
  entry: ChildEntry;
  port: number;
  url: string;
  metricsPort?: number;
  metricsUrl?: string;
}

export interface TestStack {
  publicUrl: string;
  urls: Record<string, string>;
  ports: Record<string, number>;
  entries: Record<string, ChildEntry>;
  /** Every replica of each app, by app name (one each unless `replicas` was given). */
  replicas: Record<string, Replica[]>;
  /** Where the processes write their logs (one file per process, JSON lines). */
  logDir: string;
  group: { stopOne(entry: ChildEntry, graceMs?: number): Promise<void>; restart(entry: ChildEntry): ChildEntry };
  databaseUrl: string;
  redisPrefix: string;
  /** Where the development mail server keeps every mail as `<id>.eml` (read them with support/mailbox.ts). */
  mailDir: string;
  /** The gateway's credential towards the services, and the services' own between each other. */
  tokens: { gateway: string; service: string };
  stop(): Promise<void>;
}

/** The built web app, for startTestStack({ webDist: WEB_DIST }): the gateway then serves it as in production. */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export interface TestStackOptions {
  adminEmails?: string;
  gatewayEnv?: Record<string, string>;
  webDist?: string;
  /** Processes per app (gateway, services, photo worker); 1 unless a test proves scale-out. */
  replicas?: number;
  /** The public origin when something else fronts the gateways (a load balancer of the test). */
  publicUrl?: string;
  /** Extra variables for every app (e.g. shorter worker locks). */
  env?: Record<string, string>;
  /** Extra variables by app name (`devMail`: the development mail server). */
  appEnv?: Record<string, Record<string, string>>;
  logLevel?: string;
  /** Restart a crashed app with backoff, as `npm start` does (off: a stopped app stays down). */
  supervise?: boolean;
}

/**
 * A spec sets up whole markets as one organiser (twenty of them, some) and plans routes in loops: the
 * product's budgets per user and 24 h, its route limit per minute and its upload slots per address would
 * refuse that set-up, not what
 * the spec is about. Each has its own spec with the product's defaults (gateway/src/http/write-budgets
 * and route-call-limit integration specs); a spec about them passes its own values in `gatewayEnv`.
 */
export const GENEROUS_BUDGETS: Record<string, string> = {
  WRITE_BUDGET_MARKETS: '1000',
  WRITE_BUDGET_STANDS: '1000',
  ROUTE_LIMIT_ANONYMOUS: '1000',
  ROUTE_LIMIT_SIGNED_IN: '1000',
  // Guest registrations per address and day; the 10-minute limit is raised by the specs that need it.
  GUEST_REGISTRATION_DAILY_LIMIT: '100000',
  // Several uploads at once from one test process (one address): the per-address slots have their own spec.
  UPLOAD_CONCURRENCY_PER_ADDRESS: '16',
};

/**
 * The whole product on free ports, with a fresh database and a Redis key prefix of its own, so
 * test runs never see each other's data. stop() removes the database, the keys and the files.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const scratch = await createScratch('e2e');
  const ports = scratch.ports;
  // A stack that fails to start leaves no database or keys behind (its logs stay for reading).
  const stack = await startStack({
    ports,
    dataDir: scratch.dataDir,
    databaseUrl: scratch.databaseUrl,
    redisUrl: scratch.redisUrl,
    redisPrefix: scratch.redisPrefix,
    publicUrl: options.publicUrl ?? `http://localhost:${ports.gateway}`,
    adminEmails: options.adminEmails,
    gatewayEnv: { ...GENEROUS_BUDGETS, ...options.gatewayEnv },
    gatewayHost: '127.0.0.1',
    webDist: options.webDist,
    logLevel: options.logLevel ?? 'warn',
    replicas: options.replicas,
    env: options.env,
    appEnv: options.appEnv,
    supervise: options.supervise,
  }).catch(async (err: Error) => {
    await scratch.dispose({ keepFiles: true }).catch(() => undefined);
    throw err;
  });
  return {
    ...stack,
    logDir: path.join(scratch.dataDir, 'logs'),
    redisPrefix: scratch.redisPrefix,
    databaseUrl: scratch.databaseUrl,
    async stop() {
      await stack.stop();
      await scratch.dispose();
    },
  };
}
