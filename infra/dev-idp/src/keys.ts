import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SigningJwks {
  keys: Array<Record<string, unknown>>;
}

/** A fresh RS256 signing key as a private JWK. */
function generateSigningKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * Signing keys: generated at every start, unless a data directory is given; then a generated JWKS is
 * kept in `<dataDir>/jwks.json` (mode 0600) and reused, so tokens stay valid across restarts.
 */
export async function loadSigningKeys(dataDir: string | undefined): Promise<{ jwks: SigningJwks; source: 'generated' | 'file' | 'generated-and-saved' }> {
  if (!dataDir) {
    return { jwks: { keys: [generateSigningKey()] }, source: 'generated' };
  }
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'jwks.json');
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as SigningJwks;
    if (!Array.isArray(parsed.keys) || parsed.keys.length === 0 || parsed.keys.some((k) => typeof k?.d !== 'string')) {
      throw new Error(`${file} does not hold a JWKS with private keys; delete it to generate a new one.`);
    }
    return { jwks: parsed, source: 'file' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const jwks: SigningJwks = { keys: [generateSigningKey()] };
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(jwks, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, file);
  return { jwks, source: 'generated-and-saved' };
}

/** Cookie signing keys: the configured ones, or random ones for this run. */
export function cookieKeysOrRandom(keys: string[]): string[] {
  return keys.length > 0 ? keys : [randomBytes(32).toString('base64url')];
}
