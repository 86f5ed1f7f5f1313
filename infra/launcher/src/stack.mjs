import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK_HOST } from './bind-host.mjs';
import { startDevMail } from './dev-mail.mjs';
import { ADOPT_CONNECTIONS, startFront } from './front.mjs';
import { startEmbeddedPostgres } from './postgres.mjs';
import { HEAP_OPTIONS } from './heap-options.mjs';
import { freePort } from './ports.mjs';
import { ProcessGroup, RESTART_BACKOFF } from './processes.mjs';
import { startRedis } from './redis.mjs';
import { startS3 } from './s3.mjs';
import { loadSecrets } from './secrets.mjs';
import { httpOk, waitFor } from './wait.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const APPS = {
  devIdp: 'infra/dev-idp/dist/main.js',
  auth: 'services/auth/dist/main.js',
  events: 'services/events/dist/main.js',
  stands: 'services/stands/dist/main.js',
  media: 'services/media/dist/main.js',
  mediaWorker: 'services/media/dist/worker.js',
  mailer: 'services/mailer/dist/main.js',
  gateway: 'gateway/dist/main.js',
};

/** Above the gateway's own drain bound (10 s, gateway/src/http/graceful-close.ts), so that SIGKILL never cuts it. */
const GATEWAY_STOP_GRACE_MS = 15_000;

/** The apps that scale out (`replicas`); the development identity provider stays one process. */
const SCALED = ['gateway', 'auth', 'events', 'stands', 'media', 'mediaWorker'];

/**
 * Ports of every replica: the first keeps the configured port, the others take free ones that
 * collide with no configured port. Behind the front, the gateway's first replica listens on
 * `gatewayInternal` (the front owns `gateway`, the public port).
 */
async function replicaPortsOf(ports, replicas, fronted) {
  const used = new Set(Object.values(ports));
  const next = async () => {
    for (;;) {
      const port = await freePort();
      if (!used.has(port)) {
        used.add(port);
        return port;
      }
    }
  };
  const result = {};
  for (const name of [...SCALED, 'gatewayMetrics']) {
    result[name] = [name === 'gateway' && fronted ? (ports.gatewayInternal ?? (await next())) : ports[name]];
    for (let i = 1; i < replicas; i++) result[name].push(await next());
  }
  return result;
}

/**
 * Starts the whole product as separate processes: the same binaries that run in containers,
 * wired together by environment variables. Used by `npm start` and by the integration and
 * browser tests (with free ports, a fresh database and a key prefix of their own).
 *
 * options: ports, dataDir, databaseUrl (else embedded PostgreSQL), redisUrl (else a local
 * redis-server), redisPrefix, s3 (else a local S3-protocol server), smtp ({ url, from }, else
 * the development mail server, whose .eml files land in `<dataDir>/mail`), publicUrl, gatewayHost
 * (the gateway's listen address, 127.0.0.1 by default; every other app on 127.0.0.1 always), adminEmails,
 * webDist, env (extra variables for every app), appEnv (extra variables by app name, e.g.
 * { media: {...} }), say (progress lines), supervise (restart a crashed app with backoff, as
 * `npm start` does; sayProblem reports it; restartBackoff the waits, RESTART_BACKOFF by default),
 * front (the public port's owner, front.mjs: passed in by `npm start`, which opens it before the
 * build; a supervised stack without one opens its own), replicas (processes per app, 1 by default:
 * see below).
 *
 * A supervised stack (or one given a front) never refuses a connection on the public port: the
 * gateways listen on internal loopback ports and the front hands them each connection while they are
 * up; while none is, its holding server answers 503 (front.mjs says why it is built this way).
 *
 * replicas > 1 starts that many processes of the gateway, of each service and of the photo worker,
 * each on its own port (the first on the configured one), and gives every app the comma-separated
 * URL list of the other apps' replicas (they go round-robin over it). Process and log names get a
 * suffix (`events-2`); `stack.entries.<app>` is the first replica, `stack.replicas.<app>` lists all
 * of them as { name, entry, port, url } (gateways also { metricsPort, metricsUrl }). With 1, the
 * processes, names, ports and variables are exactly those of a single stack.
 */
export async function startStack(options) {
  const say = options.say ?? (() => undefined);
  const { ports, dataDir } = options;
  const replicas = Math.max(1, Math.floor(options.replicas ?? 1));
  const supervision = {
    supervise: options.supervise ?? false,
    backoff: options.restartBackoff ?? RESTART_BACKOFF,
    onRestart: (entry, delayMs) =>
      (options.sayProblem ?? say)(
        `${entry.name} beendet (${entry.exited.error ?? entry.exited.signal ?? `Code ${entry.exited.code}`}), Neustart in ${Math.round(delayMs / 1000)} s (Log: ${path.join(dataDir, 'logs', `${entry.name}.log`)})`,
      ),
  };
  const group = new ProcessGroup(path.join(dataDir, 'logs'), supervision);
  // The embedded PostgreSQL in a group of its own, supervised alike: it stops after the apps, never under them.
  const databaseGroup = new ProcessGroup(path.join(dataDir, 'logs'), supervision);
  const stops = [];
  const stack = {
    group,
    databaseGroup,
    ports,
    urls: {},
    entries: {},
    replicas: {},
    stop: async () => {
      // Strg+C reaches every process of the terminal at once: PostgreSQL may end before its turn, and must not come back.
      databaseGroup.stopping = true;
      await group.stopAll();
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
  try {
    let front = options.front;
    if (!front && supervision.supervise) {
      front = await startFront(ports.gateway, options.gatewayHost ?? LOOPBACK_HOST);
      stops.unshift(front.close);
    }
    stack.front = front;
    const replicaPorts = await replicaPortsOf(ports, replicas, Boolean(front));
    const urlsOf = (name) => replicaPorts[name].map((port) => `http://127.0.0.1:${port}`).join(',');
    const secrets = loadSecrets(dataDir);
    const publicUrl = options.publicUrl ?? `http://localhost:${ports.gateway}`;

    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      // Registered first: a start that fails still stops the postmaster it spawned.
      stops.push(() => databaseGroup.stopAll());
      const pg = await startEmbeddedPostgres(databaseGroup, { port: ports.postgres, dataDir: path.join(dataDir, 'postgres') });
      stack.entries.postgres = pg.entry;
      databaseUrl = pg.url;
      say(`PostgreSQL bereit (eingebettet, Port ${ports.postgres})`);
    } else say('PostgreSQL bereit (konfiguriert)');

    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redis = await startRedis(group, { port: ports.redis, dataDir: path.join(dataDir, 'redis'), say });
      redisUrl = redis.url;
      stack.entries.redis = redis.entry;
      say(`Redis bereit (lokal, Port ${ports.redis})`);
    } else say('Redis bereit (konfiguriert)');

    // The object store and the mail server need nothing of each other: they start together.
    const startObjectStore = async () => {
      if (options.s3) {
        say('Objektspeicher bereit (konfiguriert)');
        return options.s3;
      }
      const started = await startS3(group, {
        port: ports.s3,
        dataDir: path.join(dataDir, 's3'),
        bucket: 'flohmarkt-photos',
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
      });
      stack.entries.s3 = started.entry;
      say(`Objektspeicher bereit (S3-Protokoll, Port ${ports.s3})`);
      return started;
    };
    const startMail = async () => {
      if (options.smtp) {
        say('Mailserver (SMTP) konfiguriert');
        return options.smtp;
      }
      const devMail = await startDevMail(group, {
        smtpPort: ports.devMailSmtp,
        httpPort: ports.devMailHttp,
        dataDir: path.join(dataDir, 'mail'),
        env: options.appEnv?.devMail,
      });
      stack.entries.devMail = devMail.entry;
      stack.urls.devMail = devMail.httpUrl;
      stack.mailDir = devMail.dir;
      say(`Entwicklungs-Mailserver bereit (SMTP Port ${ports.devMailSmtp}, E-Mails unter /dev/mail)`);
      return { url: devMail.smtpUrl, from: devMail.from };
    };
    const [s3, smtp] = await Promise.all([startObjectStore(), startMail()]);

    // One setting: a service stops working on a request when the gateway stops waiting for it.
    const serviceTimeoutMs = options.gatewayEnv?.SERVICE_TIMEOUT_MS ?? options.env?.SERVICE_TIMEOUT_MS ?? process.env.SERVICE_TIMEOUT_MS;
    const common = {
      NODE_ENV: options.nodeEnv ?? 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: options.redisPrefix ?? 'flohmarkt:',
      GATEWAY_TOKEN: secrets.GATEWAY_TOKEN,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      // Every internal port (services, photo worker, mailer, identity provider) only on this machine.
      HOST: LOOPBACK_HOST,
      // Services ask each other for data they do not own (in bulk); every app knows every address
      // (every replica's, comma-separated, when scaled out).
      AUTH_SERVICE_URL: urlsOf('auth'),
      EVENTS_SERVICE_URL: urlsOf('events'),
      STANDS_SERVICE_URL: urlsOf('stands'),
      MEDIA_SERVICE_URL: urlsOf('media'),
      LOG_LEVEL: options.logLevel ?? 'info',
      ...(serviceTimeoutMs ? { REQUEST_DEADLINE_MS: String(serviceTimeoutMs) } : {}),
      ...options.env,
    };
    const issuer = `${publicUrl}/oidc`;

    /** Starts every replica of one app (env may depend on the replica's index) and waits for its health. */
    const startApp = async (name, env, healthPath, label) => {
      const count = SCALED.includes(name) ? replicas : 1;
      stack.replicas[name] = [];
      await Promise.all(
        Array.from({ length: count }, async (_, index) => {
          const processName = count > 1 ? `${name}-${index + 1}` : name;
          const replicaLabel = count > 1 ? `${label} ${index + 1}/${count}` : label;
          const port = replicaPorts[name]?.[index] ?? ports[name];
          const heap = HEAP_OPTIONS[name] ? { NODE_OPTIONS: [process.env.NODE_OPTIONS, HEAP_OPTIONS[name]].filter(Boolean).join(' ') } : {};
          const appEnv = { PORT: String(port), ...heap, ...(typeof env === 'function' ? env(index) : env), ...options.appEnv?.[name] };
          // The services' own token never reaches the gateway: with it, the gateway could open every internal route.
          const tokens = name === 'gateway' ? {} : { INTERNAL_TOKEN: secrets.INTERNAL_TOKEN };
          // Behind the front, a gateway takes the public port's connections over its IPC channel (front.mjs).
          const handoff = name === 'gateway' && front ? { ipc: true, onSpawn: (child) => front.adopt(child) } : {};
          // A gateway that is asked to stop lets its requests in flight finish (up to 10 s, gateway/src/http/graceful-close.ts).
          const grace = name === 'gateway' ? { stopGraceMs: GATEWAY_STOP_GRACE_MS } : {};
          const preload = handoff.ipc ? ['--import', ADOPT_CONNECTIONS] : [];
          const entry = group.start(
            processName,
            process.execPath,
            [...preload, path.join(ROOT, APPS[name])],
            { ...common, ...tokens, ...appEnv },
            { cwd: ROOT, ...handoff, ...grace },
          );
          const url = `http://127.0.0.1:${port}`;
          const replica = { name: processName, entry, port, url };
          stack.replicas[name][index] = replica;
          if (index === 0) {
            stack.entries[name] = entry;
            stack.urls[name] = url;
          }
          if (count > 1) stack.entries[processName] = entry;
          await group.waitReady(
            entry,
            replicaLabel,
            () => httpOk(`${url}${healthPath}`),
            // Generous: five apps load and migrate at once, and on a busy 2-core machine each took 50-60 s.
            { timeoutMs: 120_000 },
          );
          say(`${replicaLabel} bereit (Port ${port})`);
          return replica;
        }),
      );
    };

    // Every app starts at once (they load on both cores together): the gateway answers 503 on /api until
    // every service is ready; auth waits for the identity provider it signs in with, the photo worker
    // for media, which migrates the schema it reads.
    const startIdentityProvider = () =>
      startApp(
        'devIdp',
        {
          OIDC_ISSUER: issuer,
          DEV_IDP_CLIENT_ID: 'flohmarkt',
          DEV_IDP_CLIENT_SECRET: secrets.DEV_IDP_CLIENT_SECRET,
          DEV_IDP_REDIRECT_URIS: `${publicUrl}/api/callback`,
          DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
          DEV_IDP_COOKIE_KEYS: secrets.DEV_IDP_COOKIE_KEYS,
          DEV_IDP_DATA_DIR: path.join(dataDir, 'dev-idp'),
        },
        '/oidc/health',
        'Entwicklungs-Anmeldedienst (OIDC)',
      );
    const gatewayEnv = (index) => ({
      // Behind the front, only the front listens on the public address.
      HOST: front ? LOOPBACK_HOST : (options.gatewayHost ?? LOOPBACK_HOST),
      PUBLIC_URL: publicUrl,
      SESSION_SECRET: secrets.SESSION_SECRET,
      DEV_IDP_URL: `http://127.0.0.1:${ports.devIdp}`,
      // Only the development mail server has a listing; a configured SMTP server has none.
      ...(stack.urls.devMail ? { DEV_MAIL_URL: stack.urls.devMail } : {}),
      TILE_CACHE_DIR: path.join(dataDir, 'tiles'),
      METRICS_PORT: String(replicaPorts.gatewayMetrics[index]),
      METRICS_HOST: '127.0.0.1',
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
      ...options.gatewayEnv,
    });
    const startGateway = async () => {
      await startApp('gateway', gatewayEnv, '/healthz', 'Gateway');
      stack.replicas.gateway.forEach((replica, index) => {
        replica.metricsPort = replicaPorts.gatewayMetrics[index];
        replica.metricsUrl = `http://127.0.0.1:${replica.metricsPort}/metrics`;
      });
    };

    await Promise.all([
      startGateway(),
      startIdentityProvider().then(() =>
        startApp(
          'auth',
          {
            OIDC_ISSUER: issuer,
            OIDC_INTERNAL_URL: `http://127.0.0.1:${ports.devIdp}/oidc`,
            OIDC_CLIENT_ID: 'flohmarkt',
            OIDC_CLIENT_SECRET: secrets.DEV_IDP_CLIENT_SECRET,
            OIDC_REDIRECT_URI: `${publicUrl}/api/callback`,
            OIDC_POST_LOGOUT_REDIRECT_URI: `${publicUrl}/`,
            ADMIN_EMAILS: options.adminEmails ?? '',
          },
          '/health',
          'Dienst auth',
        ),
      ),
      startApp('events', { PUBLIC_URL: publicUrl }, '/health', 'Dienst events'),
      startApp('stands', { PUBLIC_URL: publicUrl }, '/health', 'Dienst stands'),
      startApp('media', {}, '/health', 'Dienst media').then(() => startApp('mediaWorker', {}, '/health', 'Foto-Worker')),
      startApp('mailer', { SMTP_URL: smtp.url, MAIL_FROM: smtp.from }, '/health', 'Mail-Versand'),
    ]);
    // Ready when the gateway's start-up gate has opened: a gated call answers something else than 503.
    for (const { url } of stack.replicas.gateway) {
      await waitFor('Gateway readiness', async () => (await fetch(`${url}/api/auth/user`)).status !== 503, { timeoutMs: 30000 });
    }
    stack.publicUrl = publicUrl;
    stack.databaseUrl = databaseUrl;
    stack.redisUrl = redisUrl;
    stack.env = common;
    // For tests that prove what each credential opens (the gateway's token only the public routes).
    stack.tokens = { gateway: secrets.GATEWAY_TOKEN, service: secrets.INTERNAL_TOKEN };
    return stack;
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
