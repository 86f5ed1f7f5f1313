import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startStack } from '@flohmarkt/launcher';
import { createScratch } from '@flohmarkt/launcher/scratch';
import { nodeLine } from './product-node.mjs';

/** Builds what changed (nx cache), or `project` alone, so a fresh clone can run a benchmark directly. */
export function buildAll(project) {
  const target = project ? ['run', `${project}:build`] : ['run-many', '-t', 'build'];
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/nx'), [...target, '--outputStyle=static'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (result.status !== 0) throw new Error(`build${project ? ` of ${project}` : ''} failed`);
}

/**
 * The whole product on free ports with a scratch database and Redis prefix of its own; stop()
 * removes all of it. Benchmarks measure the same processes that run in production. `options` (for
 * startStack) may be a function of the scratch (its database URL) when they need it. Prints which
 * Node runs it first (product-node.mjs).
 */
export async function startScratchStack(options = {}) {
  process.stdout.write(`${nodeLine()}\n`);
  const scratch = await createScratch('bench');
  const extra = typeof options === 'function' ? await options(scratch) : options;
  const stack = await startStack({
    ports: scratch.ports,
    dataDir: scratch.dataDir,
    databaseUrl: scratch.databaseUrl,
    redisUrl: scratch.redisUrl,
    redisPrefix: scratch.redisPrefix,
    publicUrl: `http://localhost:${scratch.ports.gateway}`,
    gatewayHost: '127.0.0.1',
    logLevel: 'warn',
    ...extra,
  }).catch(async (err) => {
    await scratch.dispose({ keepFiles: true }).catch(() => undefined);
    throw err;
  });
  return {
    ...stack,
    async stop() {
      await stack.stop();
      await scratch.dispose();
    },
  };
}
