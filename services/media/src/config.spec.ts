import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZMediaWorkerEnv } from './config.js';

const scratchIssues = (env: Record<string, string>) =>
  (ZMediaWorkerEnv.safeParse(env).error?.issues ?? []).filter((issue) => issue.path[0] === 'WORKER_SCRATCH_DIR').map((issue) => issue.message);

describe('photo worker configuration', () => {
  it('keeps originals in the system temp folder unless told otherwise', () => {
    const parsed = ZMediaWorkerEnv.shape.WORKER_SCRATCH_DIR.parse(undefined);
    expect(parsed).toBe(path.join(tmpdir(), 'flohmarkt-photo-worker'));
    expect(scratchIssues({ WORKER_SCRATCH_DIR: '/var/tmp/photos' })).toEqual([]);
  });

  it('refuses a scratch folder whose name libvips would read as loader options', () => {
    expect(scratchIssues({ WORKER_SCRATCH_DIR: '/srv/[photos]' })).toEqual(['must not contain [ or ]']);
  });
});
