// docker-compose.yml as Debian's docker-compose 1.29 reads it (offline: `config` needs no engine),
// with .env.example as its .env (its empty secrets generated, as the operator does), plus what the
// file must guarantee: one published port, health checks, one-shot migrations first, durable Redis,
// named volumes, every variable documented, no secret in .env.example, the development sign-in
// only with the profile dev-login, and the gateway without the services' INTERNAL_TOKEN.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDockerfile } from './dockerfile.js';
import { HEAP_OPTIONS } from '@flohmarkt/launcher/heap-options';
import { pinProblem } from './image-pins.js';
import { ROOT, cleanEnv, requireBinary, run } from './repo.js';

const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
const ENV_EXAMPLE = path.join(ROOT, '.env.example');
const INSTALL = 'apt-get install -y docker-compose';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string | null>;
  ports?: (string | { target: number; published?: number })[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: (string | { source?: string; type?: string })[];
  labels?: Record<string, string>;
  restart?: string;
  profiles?: string[];
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const APPS = ['gateway', 'auth', 'events', 'stands', 'media', 'media-worker'];
const SERVICES = ['auth', 'events', 'stands', 'media'];
/** Variables holding a secret: .env.example leaves them empty. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|COOKIE_KEYS/;

/** The secrets .env.example's header tells the operator to generate (its `for name in ...; do` line). */
function secretsToGenerate(): string[] {
  const line = /^#\s+for name in ([A-Z0-9_ ]+); do/m.exec(readFileSync(ENV_EXAMPLE, 'utf8'));
  if (!line) throw new Error('.env.example: no "for name in ...; do" line that generates the secrets');
  return line[1].trim().split(/\s+/);
}

/** .env.example with its empty secrets filled the way its header says (openssl rand -hex 32). */
function envWithGeneratedSecrets(drop: string[] = []): string {
  const generate = secretsToGenerate();
  return readFileSync(ENV_EXAMPLE, 'utf8')
    .split('\n')
    .filter((l) => !drop.some((name) => l.startsWith(`${name}=`)))
    .map((l) => {
      const name = /^([A-Z][A-Z0-9_]*)=$/.exec(l)?.[1];
      return name && generate.includes(name) ? `${name}=${randomBytes(32).toString('hex')}` : l;
    })
    .join('\n');
}

/** The variables .env.example defines, with the comment lines that document them. */
function readEnvExample(): Map<string, { value: string; documented: boolean }> {
  const vars = new Map<string, { value: string; documented: boolean }>();
  let commentSeen = false;
  for (const raw of readFileSync(ENV_EXAMPLE, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '') commentSeen = false;
    else if (line.startsWith('#')) commentSeen = true;
    else {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!m) throw new Error(`.env.example: cannot read "${line}"`);
      if (vars.has(m[1])) throw new Error(`.env.example defines ${m[1]} twice`);
      vars.set(m[1], { value: m[2], documented: commentSeen });
    }
  }
  return vars;
}

describe('docker-compose.yml', () => {
  let dir: string;
  let envFile: string;
  let config: ComposeConfig;

  const compose = (args: string[], env = envFile) => {
    requireBinary('docker-compose', INSTALL);
    // A clean environment: variables of the shell running the tests must not fill gaps in .env.
    return run('docker-compose', ['--env-file', env, '-f', COMPOSE_FILE, ...args], { env: cleanEnv(), timeoutMs: 60_000 });
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'deploy-check-compose-'));
    envFile = path.join(dir, '.env');
    writeFileSync(envFile, envWithGeneratedSecrets());
    // The file as docker-compose resolves it: what the checks below look at.
    const full = compose(['config']);
    if (full.code !== 0) throw new Error(`docker-compose config failed:\n${full.stderr}`);
    config = parse(full.stdout) as ComposeConfig;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes `docker-compose config -q` (Debian docker-compose 1.29) with .env.example as .env, secrets generated', () => {
    const result = compose(['config', '-q']);
    expect(result.stderr.trim(), 'docker-compose config -q complained').toBe('');
    expect(result.code).toBe(0);
    expect(Object.keys(config.services).length).toBeGreaterThan(0);
    // Also with the development sign-in asked for.
    const trial = compose(['--profile', 'dev-login', 'config', '-q']);
    expect(trial.stderr.trim()).toBe('');
    expect(trial.code).toBe(0);
  });

  it('refuses to start with .env.example copied unchanged, saying how to generate the secret', () => {
    const unchanged = path.join(dir, 'unchanged.env');
    writeFileSync(unchanged, readFileSync(ENV_EXAMPLE, 'utf8'));
    const result = compose(['config', '-q'], unchanged);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/set [A-Z_]+ in \.env \(.*openssl rand -hex 32/);
  });

  it('refuses to start without any one of the secrets rather than running with an empty one', () => {
    const generated = secretsToGenerate();
    expect(generated).toEqual(expect.arrayContaining(['SESSION_SECRET', 'GATEWAY_TOKEN', 'INTERNAL_TOKEN', 'POSTGRES_PASSWORD', 'S3_SECRET_KEY']));
    for (const name of generated) {
      const withoutSecret = path.join(dir, `no-${name}.env`);
      writeFileSync(withoutSecret, envWithGeneratedSecrets([name]));
      const result = compose(['config', '-q'], withoutSecret);
      expect(result.code, name).not.toBe(0);
      expect(result.stderr, name).toContain(`set ${name} in .env`);
    }
  });

  it('uses no key that docker-compose 1.29 rejects', () => {
    const source = parse(readFileSync(COMPOSE_FILE, 'utf8')) as Record<string, unknown>;
    expect(source).not.toHaveProperty('name');
    expect(source.version).toBe('2.4');
    const text = readFileSync(COMPOSE_FILE, 'utf8');
    expect(text).not.toMatch(/start_interval/);
    expect(text).not.toMatch(/^\s+restart: true/m);
  });

  it('runs the gateway and media with the V8 heap settings that npm start, the tests and the benchmarks use', () => {
    for (const [app, options] of Object.entries(HEAP_OPTIONS)) expect(config.services[app].environment?.NODE_OPTIONS, app).toBe(options);
  });

  it('publishes one port: the gateway on 8080', () => {
    const publishing = Object.entries(config.services).filter(([, s]) => (s.ports ?? []).length > 0);
    expect(publishing.map(([n]) => n)).toEqual(['gateway']);
    const ports = config.services.gateway.ports ?? [];
    expect(ports).toHaveLength(1);
    const port = ports[0];
    expect(typeof port === 'string' ? port.split(':').pop() : String(port.target)).toBe('8080');
  });

  it('runs PostgreSQL 16, a durable Redis 7 and versitygw as the object store, which media and the worker wait for', () => {
    const s = config.services;
    expect(s.postgres.image).toMatch(/^postgres:16\./);
    expect(s.redis.image).toMatch(/^redis:7\./);
    const redis = ([] as string[]).concat(s.redis.command ?? []).join(' ');
    for (const flag of ['--appendonly yes', '--appendfsync everysec', '--maxmemory-policy noeviction']) expect(redis).toContain(flag);
    expect(s['object-store'].image).toMatch(/^versity\/versitygw:/);
    expect(([] as string[]).concat(s['object-store'].command ?? []).join(' ')).toBe('--port :7070 posix /data');
    expect(s['object-store'].environment?.VGW_HEALTH).toBe('/health');
    for (const app of ['media', 'media-worker']) {
      expect(s[app].depends_on?.['object-store']?.condition, app).toBe('service_healthy');
      expect(s[app].environment?.S3_ENDPOINT, app).toBe('http://object-store:7070');
      // The object store's root credentials are the very ones the apps sign with.
      expect(s[app].environment?.S3_ACCESS_KEY, app).toBe(s['object-store'].environment?.ROOT_ACCESS_KEY);
      expect(s[app].environment?.S3_SECRET_KEY, app).toBe(s['object-store'].environment?.ROOT_SECRET_KEY);
    }
    for (const name of ['postgres', 'redis', 'object-store']) expect(s[name].healthcheck?.test, `${name} health check`).toBeDefined();
    expect(Object.keys(s).filter((n) => /minio/.test(n) || /minio/.test(s[n].image ?? ''))).toEqual([]);
  });

  it('pins every image: ours by an explicit tag, every other by version tag and digest', () => {
    const problems = Object.entries(config.services)
      .map(([name, s]) => [name, pinProblem(s.image)])
      .filter(([, p]) => p !== null);
    expect(problems).toEqual([]);
  });

  it('builds every app from infra/docker/Dockerfile with its APP (the dev-idp with its own target) and health-checks it with node', () => {
    const dockerfile = parseDockerfile(readFileSync(path.join(ROOT, 'infra/docker/Dockerfile'), 'utf8'));
    const stages = new Set(dockerfile.stages.map((s) => s.name));
    for (const app of APPS) {
      const service = config.services[app];
      expect(service, `service ${app}`).toBeDefined();
      expect(service.build?.dockerfile).toBe('infra/docker/Dockerfile');
      expect(path.resolve(service.build?.context ?? '')).toBe(ROOT);
      expect(service.build?.args?.APP).toBe(app);
      expect(stages.has(`app-${app}`)).toBe(true);
      const test = ([] as string[]).concat(service.healthcheck?.test ?? []).join(' ');
      expect(test, `${app} health check`).toMatch(/^CMD node -e fetch\(/);
    }
    expect(([] as string[]).concat(config.services.gateway.healthcheck?.test ?? []).join(' ')).toContain('/api/health');
    const idp = config.services['dev-idp'];
    expect(idp.build?.dockerfile).toBe('infra/docker/Dockerfile');
    expect((idp.build as { target?: string } | undefined)?.target).toBe('dev-idp');
    expect(idp.build?.args?.APP, 'no APP builds the dev-idp').toBeUndefined();
    expect(stages.has('dev-idp')).toBe(true);
    expect(([] as string[]).concat(idp.healthcheck?.test ?? []).join(' ')).toMatch(/^CMD node -e fetch\(/);
  });

  it('migrates first: one one-shot step per service, which the services wait for', () => {
    for (const name of SERVICES) {
      const migrate = config.services[`migrate-${name}`];
      expect(migrate, `migrate-${name}`).toBeDefined();
      expect(migrate.command).toEqual(['node', `services/${name}/dist/migrate.js`]);
      expect(migrate.restart).toBe('no');
      expect(migrate.image).toBe(config.services[name].image);
      expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(config.services[name].depends_on?.[`migrate-${name}`]?.condition).toBe('service_completed_successfully');
      expect(config.services[name].environment?.RUN_MIGRATIONS).toBe('false');
      expect(config.services[name].environment?.HOST).toBe('0.0.0.0');
    }
    expect(config.services['media-worker'].depends_on?.['migrate-media']?.condition).toBe('service_completed_successfully');
    for (const name of ['media', 'media-worker']) expect(config.services[name].depends_on?.['object-store']?.condition).toBe('service_healthy');
    for (const name of SERVICES) expect(config.services.gateway.depends_on?.[name]?.condition).toBe('service_healthy');
  });

  it('waits only on health or completion, never on a bare start', () => {
    for (const [name, service] of Object.entries(config.services)) {
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(['service_healthy', 'service_completed_successfully'], `${name} -> ${dep}`).toContain(condition);
      }
    }
  });

  it('keeps data in named volumes, never in bind mounts', () => {
    const named = Object.keys(config.volumes ?? {});
    expect(named).toEqual(expect.arrayContaining(['postgres-data', 'redis-data', 'object-store-data']));
    for (const [name, service] of Object.entries(config.services)) {
      for (const v of service.volumes ?? []) {
        const source = typeof v === 'string' ? v.split(':')[0] : (v.source ?? '');
        expect(named, `${name} mounts ${source}`).toContain(source);
      }
    }
  });

  it('marks the development identity provider as a local trial', () => {
    const idp = config.services['dev-idp'];
    expect(Object.values(idp.labels ?? {}).join(' ')).toMatch(/local trial only/);
    expect(idp.environment?.NODE_ENV).toBe('development');
    expect(config.services.auth.environment?.OIDC_INTERNAL_URL).toBe('http://dev-idp:8090/oidc');
  });

  it('starts the development sign-in only with the profile dev-login, and the gateway proxies none by default', () => {
    expect(config.services['dev-idp'].profiles).toEqual(['dev-login']);
    // What `docker-compose up` starts without a profile: every service that names none.
    const byDefault = Object.entries(config.services).filter(([, s]) => (s.profiles ?? []).length === 0);
    expect(byDefault.map(([n]) => n)).not.toContain('dev-idp');
    expect(byDefault.map(([n]) => n)).toEqual(expect.arrayContaining([...APPS, 'postgres', 'redis', 'object-store']));
    for (const [name, s] of byDefault) expect(Object.keys(s.depends_on ?? {}), `${name} waits for the dev-idp`).not.toContain('dev-idp');
    const gateway = config.services.gateway.environment ?? {};
    expect(gateway.NODE_ENV).toBe('production');
    expect(gateway.DEV_IDP_URL).toBe('');
    expect(gateway.ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE).toBe('false');
  });

  it('starts the routing server only with the profile routing, on the prepared extract in its volume, and the stands service routes with it only when told', () => {
    const routing = config.services.routing;
    expect(routing.profiles).toEqual(['routing']);
    expect(routing.command).toEqual(expect.arrayContaining(['osrm-routed', '/data/region.osrm']));
    // A round of 150 stands and its start: the distance table must be allowed that big.
    const tableSize = Number((routing.command as string[])[(routing.command as string[]).indexOf('--max-table-size') + 1]);
    expect(tableSize).toBeGreaterThanOrEqual(151);
    // docker-compose 1.29 prints a volume as 'name:target:mode'.
    expect(routing.volumes).toEqual(['routing-data:/data:rw']);
    expect(config.services.stands.environment?.ROUTING_URL).toBe('');
    const withRouting = compose(['--profile', 'routing', 'config', '-q']);
    expect(withRouting.stderr.trim()).toBe('');
    expect(withRouting.code).toBe(0);
  });

  it('gives the gateway GATEWAY_TOKEN and never INTERNAL_TOKEN; the services, the worker and the migrations both', () => {
    const env = (name: string) => config.services[name].environment ?? {};
    expect(env('gateway').GATEWAY_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(env('gateway'))).not.toContain('INTERNAL_TOKEN');
    for (const name of [...SERVICES, 'media-worker', ...SERVICES.map((s) => `migrate-${s}`)]) {
      expect(env(name).GATEWAY_TOKEN, name).toBe(env('gateway').GATEWAY_TOKEN);
      expect(env(name).INTERNAL_TOKEN, name).toMatch(/^[0-9a-f]{64}$/);
      expect(env(name).INTERNAL_TOKEN, `${name}: two different secrets`).not.toBe(env(name).GATEWAY_TOKEN);
    }
  });

  it("hands .env's ROUTING_URL to the stands service (empty by default: straight-line routes)", () => {
    expect(config.services.stands.environment?.ROUTING_URL).toBe(readEnvExample().get('ROUTING_URL')?.value);
    expect(config.services.stands.environment?.ROUTING_URL).toBe('');
  });

  it('fills every environment value (no half-substituted ${...})', () => {
    for (const [name, service] of Object.entries(config.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        expect(value, `${name}.${key}`).not.toBeNull();
        expect(String(value), `${name}.${key}`).not.toMatch(/\$\{|\}$/);
      }
    }
    expect(config.services.gateway.environment?.TILE_UPSTREAM).toBe(readEnvExample().get('TILE_UPSTREAM')?.value);
  });
});

describe('.env.example', () => {
  const vars = readEnvExample();
  const composeText = readFileSync(COMPOSE_FILE, 'utf8');
  // ${VAR}, ${VAR:-x}, ${VAR:?x}; $${VAR} is an escape for the container's shell.
  const referenced = new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));

  it('lists every variable docker-compose.yml reads', () => {
    expect([...referenced].filter((v) => !vars.has(v))).toEqual([]);
  });

  it('lists nothing docker-compose.yml ignores (except compose settings)', () => {
    expect([...vars.keys()].filter((v) => !referenced.has(v) && !v.startsWith('COMPOSE_'))).toEqual([]);
  });

  it('documents every variable with a comment', () => {
    expect([...vars].filter(([, v]) => !v.documented).map(([k]) => k)).toEqual([]);
  });

  it('holds no secret: every secret is empty, and the header generates each one compose requires', () => {
    const secrets = [...vars].filter(([k]) => SECRET_NAME.test(k));
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const [k, { value }] of secrets) expect(value, k).toBe('');
    // Compose refuses to start while one of these is empty (${NAME:?...}); the optional ones have a default.
    const required = secrets.map(([k]) => k).filter((k) => composeText.includes(`\${${k}:?`));
    expect(secretsToGenerate().sort()).toEqual(required.sort());
  });
});
