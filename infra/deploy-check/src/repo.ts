// The repository as the deployment files see it: paths, workspaces, and running the tools
// (docker-compose, kubectl, npm) the way an operator would.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** A clean environment: the tools must not pick up configuration from the shell that runs the tests. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', ...extra };
}

export function run(command: string, args: string[], opts: RunOptions = {}): RunResult {
  const result = spawnSync(command, args, {
    cwd: opts.cwd ?? ROOT,
    env: opts.env ?? process.env,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { code: null, stdout: result.stdout ?? '', stderr: `${result.stderr ?? ''}\n${result.error.message}` };
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runAsync(command: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), opts.timeoutMs ?? 120_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: `${stderr}\n${err.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs tasks with at most `limit` of them at a time, results in input order. */
export async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

/** The absolute path of an executable on PATH, or null. */
function onPath(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Fails with the command that installs the tool, rather than skipping the check. */
export function requireBinary(binary: string, install: string): string {
  const found = onPath(binary);
  if (!found) throw new Error(`${binary} is not installed; install it with: ${install}`);
  return found;
}

interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
}

export interface Workspace {
  name: string;
  /** Relative to the repository root, with forward slashes (e.g. services/auth). */
  dir: string;
  pkg: PackageJson;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The npm workspaces of the root package.json (patterns: a folder, or a folder followed by /*). */
export function workspaces(): Map<string, Workspace> {
  const root = readJson<PackageJson>(path.join(ROOT, 'package.json'));
  const dirs: string[] = [];
  for (const pattern of root.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of readdirSync(path.join(ROOT, parent), { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
      }
    } else {
      dirs.push(pattern);
    }
  }
  const map = new Map<string, Workspace>();
  for (const dir of dirs) {
    const file = path.join(ROOT, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = readJson<PackageJson>(file);
    map.set(pkg.name, { name: pkg.name, dir, pkg });
  }
  return map;
}

/** A workspace by package name or by folder, as `npm -w` accepts either. */
export function findWorkspace(all: Map<string, Workspace>, nameOrDir: string): Workspace | undefined {
  return all.get(nameOrDir) ?? [...all.values()].find((w) => w.dir === nameOrDir.replace(/\/$/, ''));
}

/** Every workspace a workspace depends on at run time (production dependencies), transitively. */
export function internalDependencies(all: Map<string, Workspace>, name: string): string[] {
  const seen = new Set<string>();
  const visit = (n: string): void => {
    for (const dep of Object.keys(all.get(n)?.pkg.dependencies ?? {})) {
      if (all.has(dep) && !seen.has(dep)) {
        seen.add(dep);
        visit(dep);
      }
    }
  };
  visit(name);
  return [...seen];
}
