import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { isPortOpen } from './ports.mjs';

const INSTALL_HINT = 'sudo apt-get install -y redis-server';

function findRedisServer() {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * A local redis-server for the embedded default. When none is installed it installs Debian's
 * package if we are root; otherwise it stops with the one command that does.
 */
function ensureRedisBinary(say) {
  let binary = findRedisServer();
  if (binary) return binary;
  if (process.getuid?.() !== 0) {
    throw new Error(`redis-server is not installed. Install it with: ${INSTALL_HINT}`);
  }
  say('redis-server fehlt: installiere Debians Paket redis-server …');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  binary = findRedisServer();
  if (!binary) throw new Error(`redis-server could not be installed. Install it with: ${INSTALL_HINT}`);
  return binary;
}

/**
 * Queues and sessions live in Redis, so it keeps an append-only file (fsync every second) and
 * never evicts keys.
 */
export async function startRedis(group, { port, dataDir, say }) {
  const binary = ensureRedisBinary(say);
  mkdirSync(dataDir, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dataDir,
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
    '--save',
    '',
    '--protected-mode',
    'yes',
  ];
  const entry = group.start('redis', binary, args, {});
  await group.waitReady(entry, 'Redis', () => isPortOpen(port), { timeoutMs: 15000 });
  return { url: `redis://127.0.0.1:${port}`, entry };
}
