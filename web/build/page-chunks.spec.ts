// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageChunks, sharedPageModules, type ChunkModuleInfo } from './page-chunks';

const ROOT = '/repo/web';
const src = (file: string) => path.join(ROOT, 'src', file);

/** A module graph from `id: { imports, lazy }` (static and dynamic imports), entries marked. */
function graph(spec: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }>): Map<string, ChunkModuleInfo> {
  const modules = new Map<string, ChunkModuleInfo>();
  for (const [id, s] of Object.entries(spec))
    modules.set(id, { id, isEntry: !!s.entry, importers: [], dynamicImporters: [], importedIds: s.imports ?? [], dynamicallyImportedIds: s.lazy ?? [] });
  for (const info of modules.values()) {
    for (const dep of info.importedIds) (modules.get(dep)?.importers as string[] | undefined)?.push(info.id);
    for (const dep of info.dynamicallyImportedIds) (modules.get(dep)?.dynamicImporters as string[] | undefined)?.push(info.id);
  }
  return modules;
}

// The entry (main.tsx) with React and the API client; the event page and the stand page, loaded
// lazily, share a dialog and a title helper; the event page alone has its stand card; the map, lazy
// too, needs Leaflet; a library both pages use stays with the bundler.
const app = graph({
  [src('main.tsx')]: {
    entry: true,
    imports: ['/repo/node_modules/react/index.js', src('lib/api-client.ts')],
    lazy: [src('app/pages/EventPage.tsx'), src('features/stands/pages/StandPage.tsx')],
  },
  '/repo/node_modules/react/index.js': {},
  [src('lib/api-client.ts')]: {},
  [src('app/pages/EventPage.tsx')]: {
    imports: [
      src('components/ui/Dialog.tsx'),
      src('lib/stand-title.ts'),
      src('features/events/components/StandCard.tsx'),
      src('lib/api-client.ts'),
      '/repo/node_modules/qr/index.js',
    ],
    lazy: [src('components/maps/components/EventMap.tsx')],
  },
  [src('features/stands/pages/StandPage.tsx')]: { imports: [src('components/ui/Dialog.tsx'), src('lib/stand-title.ts'), '/repo/node_modules/qr/index.js'] },
  [src('components/ui/Dialog.tsx')]: { imports: ['/repo/node_modules/react/index.js'] },
  [src('lib/stand-title.ts')]: {},
  [src('features/events/components/StandCard.tsx')]: {},
  '/repo/node_modules/qr/index.js': {},
  [src('components/maps/components/EventMap.tsx')]: { imports: [src('lib/stand-title.ts'), '/repo/node_modules/leaflet/leaflet.js'] },
  '/repo/node_modules/leaflet/leaflet.js': {},
});

describe('sharedPageModules', () => {
  it("puts the hinted page's app modules that other lazy chunks share into one chunk named after it", () => {
    const names = sharedPageModules(app, ROOT, ['src/app/pages/EventPage.tsx']);
    expect(Object.fromEntries(names)).toEqual({
      [src('components/ui/Dialog.tsx')]: 'EventPage-shared',
      [src('lib/stand-title.ts')]: 'EventPage-shared',
    });
  });

  it("leaves the page's own modules, the entry's, libraries and what only other pages need to the bundler", () => {
    const names = sharedPageModules(app, ROOT, ['src/app/pages/EventPage.tsx']);
    for (const id of [
      src('app/pages/EventPage.tsx'),
      src('features/events/components/StandCard.tsx'),
      src('lib/api-client.ts'),
      '/repo/node_modules/qr/index.js',
      '/repo/node_modules/leaflet/leaflet.js',
      src('components/maps/components/EventMap.tsx'),
    ])
      expect(names.has(id)).toBe(false);
  });

  it('groups nothing without hinted pages', () => {
    expect(sharedPageModules(app, ROOT, []).size).toBe(0);
  });
});

describe('pageChunks', () => {
  it("names modules from the graph it reads through rolldown's context, without taking their dependencies along", () => {
    const [group] = pageChunks(ROOT, ['src/app/pages/EventPage.tsx']).groups;
    const ctx = { getModuleInfo: (id: string) => app.get(id) ?? null };
    expect(group.includeDependenciesRecursively).toBe(false);
    expect(group.name(src('lib/stand-title.ts'), ctx)).toBe('EventPage-shared');
    expect(group.name('/repo/node_modules/react/index.js', ctx)).toBeNull();
  });
});
