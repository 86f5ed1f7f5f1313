// Each setting is described once, in its app's config schema (or the launcher's and the identity
// provider's lists): docs/settings.md, README.md's `npm start` table and .env.example are generated
// from them and must be what `npm run docs:settings` writes now.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ENV_EXAMPLE_FILE, README_FILE, SETTINGS_FILE, expectedSettingsDocs } from '../../infra/scripts/settings-docs.mjs';
import { launcherRows, schemaRows } from '../../infra/scripts/settings-docs-render.mjs';

describe('docs/settings.md, the npm start table in README.md and .env.example', () => {
  it('are what `npm run docs:settings` writes from the config schemas now', async () => {
    const expected = await expectedSettingsDocs();
    expect(readFileSync(SETTINGS_FILE, 'utf8'), 'docs/settings.md is out of date: run `npm run docs:settings`').toBe(expected.settings);
    expect(readFileSync(README_FILE, 'utf8'), "README.md's npm start table is out of date: run `npm run docs:settings`").toBe(expected.readme);
    expect(readFileSync(ENV_EXAMPLE_FILE, 'utf8'), '.env.example is out of date: run `npm run docs:settings`').toBe(expected.envExample);
  }, 120_000);
});

describe('the rows of a config schema', () => {
  const shared = z.object({
    PORT: z.coerce.number().default(0).describe('Port of the service.'),
    TOKEN: z.string().min(16).describe('A secret.'),
  });
  const service = shared.extend({
    PORT: z.coerce.number().default(8101),
    MODE: z
      .enum(['a', 'b'])
      .default('a')
      .transform((v) => v === 'a')
      .describe('A mode.'),
  });

  it('take defaults and descriptions from the schema, a shared description where a service overrides the field, secrets as required', () => {
    expect(schemaRows('svc', service, shared)).toEqual([
      { name: 'PORT', default: 8101, required: false, description: 'Port of the service.' },
      { name: 'TOKEN', default: undefined, required: true, description: 'A secret.' },
      { name: 'MODE', default: 'a', required: false, description: 'A mode.' },
    ]);
  });

  it('refuse a variable without a description', () => {
    expect(() => schemaRows('svc', service.extend({ NEW_ONE: z.string() }), shared)).toThrow('svc: NEW_ONE has no .describe()');
  });

  it('of the launcher take the meaning and default of the app a variable is passed on to', () => {
    const rows = launcherRows([{ name: 'MODE', passedTo: 'svc' }], { svc: schemaRows('svc', service, shared) }, (app) => `#${app}`);
    expect(rows).toEqual([{ name: 'MODE', default: 'a', required: false, description: 'A mode. (passed on to [svc](#svc))' }]);
    expect(() => launcherRows([{ name: 'OTHER', passedTo: 'svc' }], { svc: [] }, (app) => `#${app}`)).toThrow('OTHER is passed to svc');
  });
});
