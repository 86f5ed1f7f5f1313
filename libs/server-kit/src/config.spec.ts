import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, ZServiceEnv } from './config.js';

describe('parseConfig', () => {
  it('fills defaults and coerces values', () => {
    const config = parseConfig(ZServiceEnv, { DATABASE_URL: 'postgres://u@h:5432/d', INTERNAL_TOKEN: 'x'.repeat(16), RUN_MIGRATIONS: 'false' });
    expect(config).toMatchObject({ PORT: 0, HOST: '127.0.0.1', RUN_MIGRATIONS: false, LOG_LEVEL: 'info' });
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

  it('says when a required variable is not set', () => {
    expect(() => parseConfig(ZServiceEnv, { INTERNAL_TOKEN: 'x'.repeat(16) })).toThrow(/DATABASE_URL: .*\(not set\)/);
  });
});
