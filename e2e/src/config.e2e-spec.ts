import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts an app with only the given environment and returns how it ended. */
function boot(app: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(ROOT, app)], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20000 });
  return { code: result.status, stderr: result.stderr };
}

describe('configuration is validated at boot', () => {
  it('the gateway names every bad variable and exits 1', () => {
    const { code, stderr } = boot('gateway/dist/main.js', { PORT: 'eighty', SESSION_SECRET: 'short', REDIS_URL: 'localhost:6379' });
    expect(code).toBe(1);
    for (const name of ['PORT', 'SESSION_SECRET', 'GATEWAY_TOKEN', 'REDIS_URL', 'AUTH_SERVICE_URL', 'EVENTS_SERVICE_URL']) {
      expect(stderr).toMatch(new RegExp(`^\\s*- ${name}: `, 'm'));
    }
  });

  it.each(['auth', 'events', 'stands', 'media'])('the %s service names every bad variable and exits 1', (service) => {
    const { code, stderr } = boot(`services/${service}/dist/main.js`, { DATABASE_URL: 'mysql://x', INTERNAL_TOKEN: 'short' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^\s*- DATABASE_URL: must be a postgres:\/\/ URL/m);
    expect(stderr).toMatch(/^\s*- INTERNAL_TOKEN: must be at least 16 characters long/m);
  });

  it('a service refuses one secret for both credentials: the gateway would open every internal route', () => {
    const token = 'f'.repeat(32);
    const { code, stderr } = boot('services/events/dist/main.js', {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      STANDS_SERVICE_URL: 'http://127.0.0.1:1',
      RUN_MIGRATIONS: 'false',
      INTERNAL_TOKEN: token,
      GATEWAY_TOKEN: token,
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^\s*- GATEWAY_TOKEN: must differ from INTERNAL_TOKEN/m);
  });
});
