import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, env, parseConfig, ZServiceEnv } from './config.js';

describe('parseConfig', () => {
  it('fills defaults and coerces values', () => {
    const config = parseConfig(ZServiceEnv, {
      DATABASE_URL: 'postgres://u@h:5432/d',
      INTERNAL_TOKEN: 'x'.repeat(16),
      GATEWAY_TOKEN: 'y'.repeat(16),
      RUN_MIGRATIONS: 'false',
    });
    expect(config).toMatchObject({ PORT: 0, HOST: '127.0.0.1', RUN_MIGRATIONS: false, LOG_LEVEL: 'info' });
  });

  it('keeps idle connections 65 s and a request worth 4 s unless told otherwise, and refuses an idle time beyond the request timeout', () => {
    const base = { DATABASE_URL: 'postgres://u@h:5432/d', INTERNAL_TOKEN: 'x'.repeat(16), GATEWAY_TOKEN: 'y'.repeat(16) };
    expect(parseConfig(ZServiceEnv, base)).toMatchObject({ SERVICE_KEEP_ALIVE_MS: 65_000, REQUEST_DEADLINE_MS: 4000 });
    expect(parseConfig(ZServiceEnv, { ...base, SERVICE_KEEP_ALIVE_MS: '30000' }).SERVICE_KEEP_ALIVE_MS).toBe(30_000);
    expect(() => parseConfig(ZServiceEnv, { ...base, SERVICE_KEEP_ALIVE_MS: '600000' })).toThrow(/SERVICE_KEEP_ALIVE_MS/);
  });

  it('names every bad variable on its own line', () => {
    try {
      parseConfig(ZServiceEnv, { DATABASE_URL: 'mysql://nope', PORT: 'eighty', INTERNAL_TOKEN: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: /m);
      expect(problems).toMatch(/^DATABASE_URL: must be a postgres:\/\/ URL/m);
      expect(problems).toMatch(/^INTERNAL_TOKEN: must be at least 16 characters long/m);
    }
  });

  it('refuses a placeholder secret, naming the variable and how to generate one', () => {
    const schema = z.object({ SESSION_SECRET: env.secret() });
    for (const placeholder of [
      'change-me-session-secret-0000000000',
      'CHANGE-ME-0000000000000000',
      'changeme0session0secret0',
      'replace-me-with-a-secret-0000',
    ]) {
      expect(() => parseConfig(schema, { SESSION_SECRET: placeholder }), placeholder).toThrow(/^\s*- SESSION_SECRET: is a placeholder .*openssl rand -hex 32/m);
    }
    // A generated secret that merely contains the words somewhere is fine.
    expect(parseConfig(schema, { SESSION_SECRET: '3f9a-change-me-not-at-start-7c1e' }).SESSION_SECRET).toBe('3f9a-change-me-not-at-start-7c1e');
  });

  it('says when a required variable is not set', () => {
    expect(() => parseConfig(ZServiceEnv, { INTERNAL_TOKEN: 'x'.repeat(16) })).toThrow(/DATABASE_URL: .*\(not set\)/);
  });
});
