import { describe, expect, it } from 'vitest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ZEventsEnv } from './config.js';
import { eventReadsImports, eventReadsProvider } from './read-database.js';

const base = { DATABASE_URL: 'postgres://u@primary:5432/flohmarkt', INTERNAL_TOKEN: 'i'.repeat(16), GATEWAY_TOKEN: 'g'.repeat(16) };

describe('the public reads on a standby', () => {
  it('open a second pool at DATABASE_READ_URL and read through it', () => {
    const config = ZEventsEnv.parse({ ...base, DATABASE_READ_URL: 'postgres://u@standby:5432/flohmarkt' });
    expect(eventReadsImports(config)).toHaveLength(1);
    expect(eventReadsProvider(config)).toMatchObject({ useExisting: getDataSourceToken('reads') });
  });

  it('stay on the primary without one (also when the variable is empty)', () => {
    for (const config of [ZEventsEnv.parse(base), ZEventsEnv.parse({ ...base, DATABASE_READ_URL: '' })]) {
      expect(eventReadsImports(config)).toEqual([]);
      expect(eventReadsProvider(config)).toMatchObject({ useExisting: getDataSourceToken() });
    }
  });

  it('refuse a DATABASE_READ_URL that is no postgres:// URL', () => {
    expect(ZEventsEnv.safeParse({ ...base, DATABASE_READ_URL: 'mysql://standby/flohmarkt' }).success).toBe(false);
  });
});
