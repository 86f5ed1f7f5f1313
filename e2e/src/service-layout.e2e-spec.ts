import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The services' shared internal layout (ARCHITECTURE.md, "Inside a service"): every synchronous
 * call to another service in `peers/`, the registration of the queue's job handlers in `jobs/`,
 * every copy of another context's data with its entity in `read-models/`. Tests and test helpers
 * may build what they need; the rule holds for the code that runs in production.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES = ['auth', 'events', 'stands', 'media'];

interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

const isTest = (file: string): boolean => /\.(integration-)?spec\.ts$/.test(file) || file.endsWith('.d.ts');

function sourceFiles(service: string): SourceFile[] {
  const src = path.join(ROOT, 'services', service, 'src');
  return (readdirSync(src, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !isTest(file) && !file.startsWith('testing/') && !file.startsWith('migrations/'))
    .map((file) => ({ path: `services/${service}/src/${file}`, text: readFileSync(path.join(src, file), 'utf8') }));
}

/** The folder directly under the service's src/ ('' for a top-level file). */
function folderOf(file: string): string {
  const inside = file.split('/').slice(3);
  return inside.length > 1 ? inside[0] : '';
}

/** Names imported from a module, `type` markers dropped. */
function importedNames(text: string, from: RegExp): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    if (!from.test(match[2])) continue;
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

const SERVER_KIT = /^@flohmarkt\/server-kit$/;
/** What only a file in jobs/ may take from the server kit: the handler table and its registration. */
const JOB_REGISTRATION = ['JOB_HANDLERS', 'JobHandlers', 'startConsumer'];

function layoutViolations(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const folder = folderOf(file.path);
    const fromKit = importedNames(file.text, SERVER_KIT);
    if (fromKit.includes('PeerClient') && folder !== 'peers') found.push(`${file.path}: PeerClient outside peers/`);
    for (const name of JOB_REGISTRATION) {
      if (fromKit.includes(name) && folder !== 'jobs') found.push(`${file.path}: ${name} outside jobs/`);
    }
    if (/\bclass\s+\w+ReadModel\b/.test(file.text) && folder !== 'read-models') found.push(`${file.path}: read model outside read-models/`);
    if (folder === 'read-models') {
      // A read model's entity lives beside it: an entity a read model imports from elsewhere is misplaced.
      for (const match of file.text.matchAll(/from\s*'(\.{1,2}\/[^']+\.entity\.js)'/g)) {
        const entity = path.posix.join(path.posix.dirname(file.path), match[1]);
        if (folderOf(entity) !== 'read-models') found.push(`${file.path}: read model entity ${entity.replace(/\.js$/, '.ts')} outside read-models/`);
      }
    }
  }
  return found;
}

describe('service layout', () => {
  it('holds for auth, events, stands and media', () => {
    expect(layoutViolations(SERVICES.flatMap(sourceFiles))).toEqual([]);
  });

  it("registers each service's job handlers in its jobs/ folder", () => {
    for (const service of SERVICES) {
      const registrations = sourceFiles(service).filter((file) => importedNames(file.text, SERVER_KIT).includes('JOB_HANDLERS'));
      expect(
        registrations.map((file) => folderOf(file.path)),
        service,
      ).toEqual(['jobs']);
    }
  });

  it('finds a PeerClient outside peers/', () => {
    const probe = { path: 'services/media/src/photos/stands-client.ts', text: "import { DomainError, type PeerClient } from '@flohmarkt/server-kit';\n" };
    expect(layoutViolations([probe])).toEqual(['services/media/src/photos/stands-client.ts: PeerClient outside peers/']);
    expect(layoutViolations([{ ...probe, path: 'services/media/src/peers/stands-client.ts' }])).toEqual([]);
  });

  it('finds job handlers registered outside jobs/', () => {
    const table = { path: 'services/auth/src/users/auth-job-handlers.ts', text: "import type { JobHandlers } from '@flohmarkt/server-kit';\n" };
    const token = {
      path: 'services/events/src/app.module.ts',
      text: "import { HealthController, JOB_HANDLERS, MessagingModule } from '@flohmarkt/server-kit';\n",
    };
    expect(layoutViolations([table, token])).toEqual([
      'services/auth/src/users/auth-job-handlers.ts: JobHandlers outside jobs/',
      'services/events/src/app.module.ts: JOB_HANDLERS outside jobs/',
    ]);
  });

  it('finds a read model or its entity outside read-models/', () => {
    const model = { path: 'services/auth/src/exhibitors/exhibitor-figures-read-model.ts', text: 'export class ExhibitorFiguresReadModel {}\n' };
    const entity = {
      path: 'services/stands/src/read-models/user-names.ts',
      text: "import { UserNamesEntity } from '../users/user-names.entity.js';\nexport class UserNamesReadModel {}\n",
    };
    expect(layoutViolations([model, entity])).toEqual([
      'services/auth/src/exhibitors/exhibitor-figures-read-model.ts: read model outside read-models/',
      'services/stands/src/read-models/user-names.ts: read model entity services/stands/src/users/user-names.entity.ts outside read-models/',
    ]);
  });
});
