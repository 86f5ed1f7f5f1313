import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const NAMES = ['SESSION_SECRET', 'INTERNAL_TOKEN', 'GATEWAY_TOKEN', 'DEV_IDP_CLIENT_SECRET', 'DEV_IDP_COOKIE_KEYS'];

/**
 * Secrets of the embedded default, made once and kept in the data folder, so sessions and
 * sign-ins survive a restart. Nothing here is committed.
 */
export function loadSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const name of NAMES) {
    if (!current[name]) {
      current[name] = randomBytes(24).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(current, null, 2), { mode: 0o600 });
  }
  return current;
}
