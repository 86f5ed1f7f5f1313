import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The web app's first render of `/` and of an event page reads constants and helpers from these files; zod and
 * the schemas (about 25 kB gzipped) load only with the forms (issue 21). The bundler keeps a file's module-level
 * `z.object(...)` calls once any export of it is used, so these files and everything they import at run time
 * must not import zod. Type-only imports vanish in the build and are allowed.
 */
const ZOD_FREE = [
  'limits.ts',
  'messages.ts',
  'category-lists.ts',
  'coordinates.ts',
  'stand-statuses.ts',
  'event-phase.ts',
  'stand-photo-paths.ts',
  'display-dates.ts',
  'site-texts.ts',
  'item-limits.ts',
  'item-price-text.ts',
  'market-day-texts.ts',
  'hold-window.ts',
];

function runtimeImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
}

/** Every file (or package) `file` loads at run time, itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of runtimeImports(file)) {
    if (spec.startsWith('./')) closure(spec.slice(2).replace(/\.js$/, '.ts'), seen);
    else seen.add(spec);
  }
  return seen;
}

describe('the zod-free contract files', () => {
  it.each(ZOD_FREE)('%s loads no zod at run time', (file) => {
    expect([...closure(file)]).not.toContain('zod');
  });

  it('notices a file that does load zod', () => {
    expect([...closure('stand.ts')]).toContain('zod');
  });
});
