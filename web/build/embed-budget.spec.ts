// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { embedBudget, entryWeight, type BundleChunk, type BundleOutput } from './embed-budget.ts';

/** Code gzip cannot shrink much: random text of about this many compressed bytes. */
function incompressible(bytes: number): string {
  return `export const x = "${randomBytes(Math.round(bytes * 0.75)).toString('base64')}";`;
}

function chunk(fileName: string, code: string, imports: string[] = [], entry?: string): BundleChunk {
  return { type: 'chunk', name: entry ?? fileName.replace(/\.js$/, ''), isEntry: entry !== undefined, fileName, code, imports };
}

const gz = (code: string) => gzipSync(code, { level: 9 }).length;

describe('entryWeight', () => {
  it('counts the entry and what it imports statically, once each, and leaves out the map library behind import()', () => {
    const embed = chunk('assets/embed.js', incompressible(8000), ['assets/shared.js', 'assets/live.js'], 'embed');
    const shared = chunk('assets/shared.js', incompressible(3000));
    const live = chunk('assets/live.js', incompressible(1000), ['assets/shared.js']);
    const leaflet = chunk('assets/leaflet.js', incompressible(40_000));
    const app = chunk('assets/index.js', incompressible(90_000), ['assets/shared.js'], 'index');
    const bundle: BundleOutput = { a: embed, b: shared, c: live, d: leaflet, e: app, f: { type: 'asset' } };

    const weight = entryWeight(bundle, 'embed');

    expect(weight.files).toEqual(['assets/embed.js', 'assets/live.js', 'assets/shared.js']);
    expect(weight.gzipBytes).toBe(gz(embed.code) + gz(shared.code) + gz(live.code));
  });

  it('names the entries there are when the one asked for is missing', () => {
    expect(() => entryWeight({ a: chunk('assets/index.js', 'x', [], 'index') }, 'embed')).toThrow(/no entry named "embed" \(entries: index\)/);
  });
});

describe('embedBudget', () => {
  function runPlugin(bundle: BundleOutput, limit: number): { error: string | null } {
    const plugin = embedBudget('embed', limit);
    let error: string | null = null;
    const context = {
      error: (message: string) => {
        error = message;
        throw new Error(message);
      },
    };
    const hook = plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    try {
      hook.call(context, {}, bundle);
    } catch {
      // the build stops here; the message is what the operator reads
    }
    return { error };
  }

  it('fails the build above the budget and says by how much, passes below it', () => {
    const bundle: BundleOutput = { a: chunk('assets/embed.js', incompressible(12_000), [], 'embed') };
    const size = gz((bundle.a as BundleChunk).code);
    expect(runPlugin(bundle, size - 1).error).toMatch(/^over budget: embed entry: \d+\.\d kB of JavaScript gzipped before the map library/);
    expect(runPlugin(bundle, size).error).toBeNull();
  });
});
