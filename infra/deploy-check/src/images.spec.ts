// "Images that build", without a Docker engine: infra/docker/Dockerfile is read stage by stage,
// every npm command in it must name existing workspaces and scripts, each app's image must be
// wired the same way (Node 24 LTS pinned by digest, libs built before the app, production dependencies
// only, USER node, HEALTHCHECK with node's fetch, STOPSIGNAL SIGTERM, exec-form CMD); the build
// scripts the build stages run are the ones npm test's build step runs, and `npm ls --omit=dev` for
// every app proves its production dependency set resolves. The development identity provider is a
// target of its own, and no production image holds a file of it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ancestry, copiesFrom, instructions, npmCommands, parseDockerfile, stageByName, type Stage } from './dockerfile.js';
import { pinProblem } from './image-pins.js';
import { ROOT, findWorkspace, internalDependencies, mapLimit, runAsync, workspaces } from './repo.js';

const DOCKERFILE = path.join(ROOT, 'infra/docker/Dockerfile');
const file = parseDockerfile(readFileSync(DOCKERFILE, 'utf8'));
const all = workspaces();

interface AppImage {
  workspace: string;
  main: string;
  port: number;
  health: string;
  /** Further workspaces whose dist the image carries (the gateway serves the web app). */
  alsoBuilt?: string[];
}

/** What every production image must be (picked with APP): its workspace, entry point, port and health path. */
const APPS: Record<string, AppImage> = {
  gateway: { workspace: '@flohmarkt/gateway', main: 'gateway/dist/main.js', port: 8080, health: '/healthz', alsoBuilt: ['@flohmarkt/web'] },
  auth: { workspace: '@flohmarkt/auth', main: 'services/auth/dist/main.js', port: 8101, health: '/health' },
  events: { workspace: '@flohmarkt/events', main: 'services/events/dist/main.js', port: 8102, health: '/health' },
  stands: { workspace: '@flohmarkt/stands', main: 'services/stands/dist/main.js', port: 8103, health: '/health' },
  media: { workspace: '@flohmarkt/media', main: 'services/media/dist/main.js', port: 8104, health: '/health' },
  'media-worker': { workspace: '@flohmarkt/media', main: 'services/media/dist/worker.js', port: 8105, health: '/health' },
  mailer: { workspace: '@flohmarkt/mailer', main: 'services/mailer/dist/main.js', port: 8106, health: '/health' },
};
/** The development identity provider (anyone can sign in as anyone): the target dev-idp, never an APP. */
const DEV_IDP_STAGE = 'dev-idp';
const DEV_IDP: AppImage = { workspace: '@flohmarkt/dev-idp', main: 'infra/dev-idp/dist/main.js', port: 8090, health: '/oidc/health' };
/** Every image: [name, its stage, what it must be]. */
const IMAGES: [string, string, AppImage][] = [
  ...Object.entries(APPS).map(([app, spec]): [string, string, AppImage] => [app, `app-${app}`, spec]),
  ['dev-idp', DEV_IDP_STAGE, DEV_IDP],
];

function runLines(stage: Stage): string[] {
  return instructions(stage, 'RUN').map((i) => i.args);
}

function stageNamed(name: string): Stage {
  const stage = stageByName(file, name);
  if (!stage) throw new Error(`infra/docker/Dockerfile has no stage "${name}"`);
  return stage;
}

/** The stages an image copies its files from: the one that builds, the one that installs production dependencies. */
function sourceStages(imageStage: string): { build: Stage; prod: Stage } {
  const appStage = stageNamed(imageStage);
  const sources = [...new Set(copiesFrom(appStage).map((c) => c.from))].map(stageNamed);
  const prod = sources.filter((s) => runLines(s).some((r) => npmCommands(r).some((c) => c.subcommand === 'install' && c.flags.includes('--omit=dev'))));
  const build = sources.filter((s) => runLines(s).some((r) => npmCommands(r).some((c) => c.script === 'build')));
  expect(prod, `${imageStage} copies from exactly one production-dependency stage`).toHaveLength(1);
  expect(build, `${imageStage} copies from exactly one build stage`).toHaveLength(1);
  return { build: build[0], prod: prod[0] };
}

/** Workspaces the build stage builds, in the order its commands run. */
function builtWorkspaces(stage: Stage): string[] {
  const built: string[] = [];
  for (const line of runLines(stage)) {
    for (const cmd of npmCommands(line)) {
      if (cmd.script !== 'build') continue;
      const names = cmd.tool === 'npx' ? cmd.projects : cmd.workspaces;
      for (const n of names) built.push(findWorkspace(all, n)?.name ?? n);
    }
  }
  return built;
}

describe('infra/docker/Dockerfile', () => {
  it('picks the image with the build argument APP and knows every app', () => {
    expect(file.globalArgs.has('APP')).toBe(true);
    const last = file.stages[file.stages.length - 1];
    expect(last.from).toBe('app-${APP}');
    for (const app of Object.keys(APPS)) expect(stageByName(file, `app-${app}`), `stage app-${app}`).toBeDefined();
    const appStages = file.stages.filter((s) => s.name?.startsWith('app-')).map((s) => s.name?.slice(4));
    expect(appStages.sort()).toEqual(Object.keys(APPS).sort());
  });

  it('builds the development identity provider only when asked for by name (--target dev-idp)', () => {
    expect(stageByName(file, DEV_IDP_STAGE), `stage ${DEV_IDP_STAGE}`).toBeDefined();
    expect(stageByName(file, 'app-dev-idp'), 'APP=dev-idp must not build it').toBeUndefined();
    // The last stage is what a build without --target produces.
    expect(file.stages[file.stages.length - 1].name).toBeUndefined();
  });

  it('names only existing workspaces and scripts in its npm commands', () => {
    let count = 0;
    for (const stage of file.stages) {
      for (const line of runLines(stage)) {
        for (const cmd of npmCommands(line)) {
          count++;
          const where = `stage ${stage.name ?? stage.from}: ${cmd.words.join(' ')}`;
          for (const w of [...cmd.workspaces, ...cmd.projects]) {
            const ws = findWorkspace(all, w);
            expect(ws, `${where}: no workspace ${w}`).toBeDefined();
            if (cmd.script) expect(ws?.pkg.scripts?.[cmd.script], `${where}: ${w} has no script "${cmd.script}"`).toBeDefined();
          }
          if (cmd.tool === 'npm') expect(['install', 'run', 'run-script', 'ls', 'prune'], where).toContain(cmd.subcommand);
          if (cmd.tool === 'npm' && cmd.subcommand === 'run') expect(cmd.workspaces.length, `${where}: npm run names its workspace`).toBeGreaterThan(0);
          // npm ci refuses this lockfile (other-platform optional binaries are missing from it).
          expect(cmd.subcommand, where).not.toBe('ci');
        }
      }
    }
    expect(count).toBeGreaterThan(0);
  });

  it('installs from the lockfile: every manifest before the install, no source', () => {
    const deps = file.stages.filter((s) => runLines(s).some((r) => npmCommands(r).some((c) => c.subcommand === 'install')));
    expect(deps.length).toBeGreaterThan(0);
    const manifests = file.stages.find((s) => runLines(s).some((r) => r.includes('package-lock.json') && r.includes('package.json')));
    expect(manifests, 'a stage collects package.json files and package-lock.json').toBeDefined();
    for (const stage of deps) {
      const copies = instructions(stage, 'COPY').map((c) => c.args);
      // /app-manifests: the same without the development identity provider (the production images).
      expect(
        [[`--from=${manifests?.name} /manifests/ ./`], [`--from=${manifests?.name} /app-manifests/ ./`]],
        `${stage.name}: copies only the manifests before npm install`,
      ).toContainEqual(copies);
    }
  });

  it('gives no production image a file of the development identity provider', () => {
    const devIdpDir = all.get(DEV_IDP.workspace)?.dir as string;
    expect(devIdpDir).toBe('infra/dev-idp');
    const manifests = stageNamed('manifests');
    // The manifests for the production images are the full set minus the dev-idp's folder.
    expect(runLines(manifests).join(' ')).toContain(`rm -rf /app-manifests/${devIdpDir}`);
    for (const [app, spec] of Object.entries(APPS)) {
      const stage = stageNamed(`app-${app}`);
      expect(internalDependencies(all, spec.workspace), `${app} depends on the dev-idp`).not.toContain(DEV_IDP.workspace);
      for (const s of ancestry(file, stage).stages) expect(s.name, `app-${app} is built on ${s.name}`).not.toMatch(/dev-idp/);
      for (const c of copiesFrom(stage)) {
        expect(c.from, `app-${app} copies from ${c.from}`).not.toMatch(/dev-idp/);
        expect(`${c.source} ${c.destination}`, `app-${app} copies ${c.source}`).not.toMatch(/dev-idp/);
      }
      const { prod } = sourceStages(`app-${app}`);
      expect(
        instructions(prod, 'COPY').map((c) => c.args),
        `${prod.name} installs from the manifests without the dev-idp`,
      ).toEqual(['--from=manifests /app-manifests/ ./']);
    }
  });

  describe.each(IMAGES)('image %s', (app, stageName, spec) => {
    const stage = stageNamed(stageName);
    const chain = ancestry(file, stage);
    const chainInstructions = (keyword: string) => chain.stages.flatMap((s) => instructions(s, keyword));

    it('runs Node 24 LTS (bookworm-slim, pinned by version and digest) as user node with SIGTERM, a fetch health check and an exec-form CMD', () => {
      expect(chain.image).toMatch(/^node:24\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/);
      expect(pinProblem(chain.image)).toBeNull();
      expect(instructions(stage, 'USER').map((i) => i.args)).toEqual(['node']);
      expect(chainInstructions('STOPSIGNAL').map((i) => i.args)).toContain('SIGTERM');

      const cmd = instructions(stage, 'CMD');
      expect(cmd).toHaveLength(1);
      expect(JSON.parse(cmd[0].args)).toEqual(['node', spec.main]);

      const health = instructions(stage, 'HEALTHCHECK');
      expect(health).toHaveLength(1);
      const check = health[0].args;
      expect(check).toMatch(/CMD \["node", "-e", /);
      expect(check).toContain('fetch(');
      expect(check).toContain(`||${spec.port})+'${spec.health}'`);
      expect(check).not.toMatch(/curl|wget/);
      expect(instructions(stage, 'EXPOSE').map((i) => i.args)).toEqual([String(spec.port)]);
      const env = chainInstructions('ENV')
        .map((i) => i.args)
        .join(' ');
      expect(env).toContain(`PORT=${spec.port}`);
      expect(env).toMatch(/HOST=0\.0\.0\.0/);
    });

    it('builds the libs it imports before itself, and carries only their dist folders', () => {
      const { build } = sourceStages(stageName);
      const ws = all.get(spec.workspace);
      expect(ws).toBeDefined();
      const needed = [...internalDependencies(all, spec.workspace), spec.workspace, ...(spec.alsoBuilt ?? [])];
      const built = builtWorkspaces(build);
      for (const n of needed) expect(built, `${build.name} builds ${n}`).toContain(n);
      for (const dep of internalDependencies(all, spec.workspace)) {
        expect(built.indexOf(dep), `${dep} is built before ${spec.workspace}`).toBeLessThan(built.indexOf(spec.workspace));
      }
      // The build stage starts from the full install (dev tools included).
      const buildChain = ancestry(file, build).stages;
      expect(buildChain.some((s) => runLines(s).some((r) => npmCommands(r).some((c) => c.subcommand === 'install' && !c.flags.includes('--omit=dev'))))).toBe(
        true,
      );

      const copied = copiesFrom(stage).filter((c) => c.from === build.name);
      const dirs = needed.map((n) => all.get(n)?.dir);
      expect(copied.map((c) => c.source).sort()).toEqual(dirs.map((d) => `/app/${d}/dist/`).sort());
      for (const c of copied) expect(c.destination).toBe(c.source.replace(/^\/app\//, ''));
      expect(spec.main.startsWith(`${ws?.dir}/dist/`)).toBe(true);
    });

    it('installs the production dependencies of its workspace only', () => {
      const { prod } = sourceStages(stageName);
      const installs = runLines(prod)
        .flatMap(npmCommands)
        .filter((c) => c.subcommand === 'install');
      expect(installs).toHaveLength(1);
      expect(installs[0].flags).toEqual(expect.arrayContaining(['--omit=dev', '--include-workspace-root=false']));
      expect(installs[0].workspaces.map((w) => findWorkspace(all, w)?.name)).toEqual([spec.workspace]);
      expect(
        copiesFrom(stage)
          .filter((c) => c.from === prod.name)
          .map((c) => c.source),
      ).toEqual(['/app/']);
    });
  });

  it('keeps node_modules, dist, data, git and test output out of the build context', () => {
    const ignore = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.data', '.git', 'test-results', '.env']) expect(ignore).toContain(entry);
  });
});

describe('what the build stages run', () => {
  // Every workspace some build stage builds, each once.
  const toBuild = [...new Set(file.stages.filter((s) => s.name?.startsWith('build')).flatMap(builtWorkspaces))];

  /*
   * The build stages run `npm run build -w <workspace>`. `npm test` runs those very scripts first
   * (its build step, `nx run-many -t build`: Nx runs a workspace's package.json script as its target
   * unless the workspace gives the target a command or executor of its own), and fails when one
   * fails; running them all a second time here cost CI three minutes and proved nothing more. What
   * stays to check here is that the two are the same scripts.
   */
  it('builds every workspace the images build with its own build script, the one npm test builds with', () => {
    expect(toBuild.length).toBeGreaterThan(0);
    const testRun = readFileSync(path.join(ROOT, 'infra/scripts/test-all.mjs'), 'utf8');
    expect(testRun).toMatch(/step\('build', nx, \['run-many', '-t', 'build'/);
    for (const ws of toBuild) {
      const workspace = all.get(ws);
      expect(workspace?.pkg.scripts?.build, `${ws} has a build script`).toBeTruthy();
      const target = (workspace?.pkg as { nx?: { targets?: { build?: Record<string, unknown> } } }).nx?.targets?.build ?? {};
      const options = (target.options ?? {}) as Record<string, unknown>;
      expect([target.executor, target.command, options.command].filter(Boolean), `${ws}: Nx builds it with its own script`).toEqual([]);
      expect(existsSync(path.join(ROOT, workspace?.dir ?? '', 'project.json')), `${ws} has no project.json that could redefine build`).toBe(false);
    }
  });

  it('resolves the production dependencies of every app (npm ls --omit=dev)', async () => {
    const apps = [...new Set(IMAGES.map(([, , a]) => a.workspace))];
    const results = await mapLimit(apps, 3, (ws) => runAsync('npm', ['ls', '--omit=dev', '--all', '--json', '-w', ws], { timeoutMs: 60_000 }));
    const problems: string[] = [];
    results.forEach((r, i) => {
      const ws = apps[i];
      let tree: { problems?: string[]; dependencies?: Record<string, { dependencies?: Record<string, unknown> }> };
      try {
        tree = JSON.parse(r.stdout) as typeof tree;
      } catch {
        problems.push(`npm ls -w ${ws}: no JSON (exit ${r.code}): ${r.stderr.slice(-500)}`);
        return;
      }
      if (r.code !== 0) problems.push(`npm ls --omit=dev -w ${ws} exited ${r.code}: ${(tree.problems ?? []).join('; ')}`);
      const node = tree.dependencies?.[ws];
      if (!node) {
        problems.push(`npm ls -w ${ws} does not list the workspace (problems: ${(tree.problems ?? []).join('; ') || 'none'})`);
        return;
      }
      const declared = Object.keys(all.get(ws)?.pkg.dependencies ?? {});
      const listed = Object.keys(node.dependencies ?? {});
      const missing = declared.filter((d) => !listed.includes(d));
      if (missing.length) problems.push(`${ws}: production dependencies not resolved: ${missing.join(', ')}`);
    });
    expect(problems).toEqual([]);
  }, 90_000);
});

describe('what the manifest and production-dependency stages leave in an image', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'deploy-check-manifests-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Every path below dir (symbolic links as links, not followed), relative to dir. */
  function pathsBelow(dir: string, prefix = ''): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(prefix, entry.name);
      return entry.isDirectory() ? [rel, ...pathsBelow(path.join(dir, entry.name), rel)] : [rel];
    });
  }

  it('installs the gateway without a trace of the development identity provider', async () => {
    // The manifests stage's RUN as written, with its folders (/src, /manifests, /app-manifests) moved here.
    const collect = runLines(stageNamed('manifests'))
      .join(' && ')
      .replace(/cd \/src\b/g, `cd '${ROOT}'`)
      .replace(/(?<![\w-])\/(app-manifests|manifests)\b/g, `'${scratch}'/$1`);
    const collected = await runAsync('sh', ['-c', collect], { timeoutMs: 60_000 });
    expect(collected.code, collected.stderr).toBe(0);
    expect(existsSync(path.join(scratch, 'manifests/infra/dev-idp/package.json')), 'the dev-idp target still gets its manifest').toBe(true);

    // The prod-gateway stage's npm install, run in the manifests that stage copies (cache first, no install scripts).
    const prod = stageNamed('prod-gateway');
    const copied = /^--from=manifests \/([\w-]+)\/ \.\/$/.exec(instructions(prod, 'COPY')[0]?.args ?? '');
    expect(copied, 'prod-gateway copies a manifests folder').not.toBeNull();
    const dir = path.join(scratch, copied?.[1] ?? '');
    const install = runLines(prod)
      .flatMap(npmCommands)
      .find((c) => c.subcommand === 'install');
    expect(install).toBeDefined();
    const [tool, ...args] = install?.words ?? [];
    const installed = await runAsync(tool, [...args, '--prefer-offline', '--ignore-scripts'], { cwd: dir, timeoutMs: 170_000 });
    expect(installed.code, installed.stderr.slice(-2000)).toBe(0);

    expect(existsSync(path.join(dir, 'node_modules/@flohmarkt/gateway/package.json')), 'the gateway workspace is linked').toBe(true);
    expect(pathsBelow(dir).filter((p) => p.includes('dev-idp'))).toEqual([]);
    expect(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')).not.toContain('dev-idp');
  }, 180_000);
});
