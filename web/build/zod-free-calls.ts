import type { Plugin } from 'vite';

/*
 * The call declarations of libs/contracts carry their zod schemas: the gateway, the services and the
 * API document need them. The web app needs only a call's method, path and flags at run time (its
 * types come from the declarations all the same: tsc reads the package, not this), and its first
 * paint must not load zod (issue 21). So in the app's build `@flohmarkt/contracts` is the package
 * with each declaration replaced by those facts; the schemas the forms use still come from it.
 */

const VIRTUAL = '\0flohmarkt-contracts-without-schemas';
const CALL_PREFIX = '\0flohmarkt-call:';
/** What api-call.ts, the service worker's patterns and the links read of a call. */
const RUNTIME_FIELDS = ['method', 'path', 'idempotent'] as const;

export function zodFreeCalls(): Plugin {
  let facts: Map<string, Record<string, unknown>> | null = null;
  /** Each declaration's runtime facts by its exported name, read once from the built package. */
  async function callFacts(): Promise<Map<string, Record<string, unknown>>> {
    if (facts) return facts;
    const contracts = (await import('@flohmarkt/contracts')) as Record<string, unknown> & { PUBLIC_CALLS: readonly object[] };
    const calls = new Set<unknown>(contracts.PUBLIC_CALLS);
    facts = new Map();
    for (const [name, value] of Object.entries(contracts)) {
      if (!calls.has(value)) continue;
      const call = value as Record<string, unknown>;
      facts.set(name, Object.fromEntries(RUNTIME_FIELDS.filter((field) => call[field] !== undefined).map((field) => [field, call[field]])));
    }
    return facts;
  }
  return {
    name: 'flohmarkt-zod-free-calls',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith(CALL_PREFIX)) return source;
      if (source !== '@flohmarkt/contracts' || importer === VIRTUAL) return null;
      return VIRTUAL;
    },
    async load(id) {
      const all = id === VIRTUAL || id.startsWith(CALL_PREFIX) ? await callFacts() : null;
      if (!all) return null;
      // One module per call, so a chunk carries only the calls its pages make (the first paint few of them).
      if (id.startsWith(CALL_PREFIX)) {
        const name = id.slice(CALL_PREFIX.length);
        return `export const ${name} = ${JSON.stringify(all.get(name))};`;
      }
      // A name of this module shadows the package's own of the same name (export * never overrides a local export).
      const lines = ["export * from '@flohmarkt/contracts';"];
      for (const name of all.keys()) lines.push(`export { ${name} } from '${CALL_PREFIX}${name}';`);
      return lines.join('\n');
    },
  };
}
