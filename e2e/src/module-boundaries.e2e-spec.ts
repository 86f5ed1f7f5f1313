import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

/**
 * Writes `code` into a short-lived file beside `file` (the import resolver needs a real file),
 * lints it with the workspace configuration and returns the rule ids it breaks.
 */
async function violations(file: string, code: string): Promise<string[]> {
  const probe = path.join(ROOT, file.replace(/\.ts$/, `-${randomBytes(4).toString('hex')}.ts`));
  writeFileSync(probe, code);
  try {
    const [result] = await eslint.lintFiles([probe]);
    return result.messages.map((m) => m.ruleId ?? m.message);
  } finally {
    rmSync(probe, { force: true });
  }
}

describe('module boundaries (lint)', () => {
  it('refuses a service importing another service', async () => {
    const found = await violations(
      'services/auth/src/probe.ts',
      "import { EventEntity } from '../../events/src/events/event.entity.js';\nexport const x = EventEntity;\n",
    );
    expect(found).toContain('boundaries/element-types');
  });

  it('refuses a service importing another app by package name', async () => {
    const found = await violations('services/stands/src/probe.ts', "import { x } from '@flohmarkt/events';\nexport const y = x;\n");
    expect(found).toContain('no-restricted-imports');
  });

  it('refuses the web app importing a service or the server kit', async () => {
    expect(
      await violations('web/src/probe.ts', "import { UserEntity } from '../../services/auth/src/users/user.entity.js';\nexport const x = UserEntity;\n"),
    ).toContain('boundaries/element-types');
    expect(await violations('web/src/probe.ts', "import { startService } from '@flohmarkt/server-kit';\nexport const x = startService;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it("refuses a web feature importing another feature's internals, by alias or by relative path", async () => {
    expect(
      await violations(
        'web/src/features/profile/probe.ts',
        "import { LocationEditor } from '@/features/stand-edit/components/LocationEditor';\nexport const x = LocationEditor;\n",
      ),
    ).toContain('boundaries/element-types');
    expect(
      await violations(
        'web/src/features/profile/probe.ts',
        "import { LocationEditor } from '../stand-edit/components/LocationEditor';\nexport const x = LocationEditor;\n",
      ),
    ).toContain('boundaries/element-types');
  });

  it('refuses the shared web layer reaching into a feature', async () => {
    const found = await violations(
      'web/src/components/probe.ts',
      "import { LocationEditor } from '@/features/stand-edit/components/LocationEditor';\nexport const x = LocationEditor;\n",
    );
    expect(found).toContain('boundaries/element-types');
  });

  it("allows a web feature its own files, the shared layer and another feature's api/", async () => {
    const found = await violations(
      'web/src/features/profile/probe.ts',
      "import { useEventStands } from '@/features/stands/api/get-event-stands';\nimport { Spinner } from '@/components/ui/Spinner';\nimport { standTitle } from '@/lib/stand-title';\nimport { LatestStands } from './components/LatestStands';\nexport const x = [useEventStands, Spinner, standTitle, LatestStands];\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses a lib importing an app', async () => {
    const found = await violations(
      'libs/contracts/src/probe.ts',
      "import { AppModule } from '../../../gateway/src/app.module.js';\nexport const x = AppModule;\n",
    );
    expect(found).toContain('boundaries/element-types');
  });

  it('allows a service importing the shared libs and its own files', async () => {
    const found = await violations(
      'services/auth/src/probe.ts',
      "import { API_ERRORS } from '@flohmarkt/contracts';\nimport { UsersService } from './users/users.service.js';\nexport const x = [API_ERRORS, UsersService];\n",
    );
    expect(found).toEqual([]);
  });
});
