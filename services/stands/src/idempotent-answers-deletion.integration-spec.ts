import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdempotencyStore, type IdempotentRequest } from '@flohmarkt/server-kit';
import { cascadeHandlers } from './jobs/cascade-handlers.js';
import { StandCommands } from './stands/stand-commands.js';
import { withFreshStandsDatabase, type FreshDatabase } from './testing/fresh-database.js';

/* A deleted user's stored answers to Idempotency-Keys (a guest's address, a manage link) go with the UserDeleted cascade (docs/security.md). */

let fresh: FreshDatabase;
let store: IdempotencyStore;

withFreshStandsDatabase((db) => {
  fresh = db;
  store = new IdempotencyStore(fresh.ds);
});

async function answered(scope: string, key: string): Promise<IdempotentRequest> {
  const request = { scope, key, hash: `hash-${key}` };
  await store.claim(request);
  await store.complete(request, { status: 201, body: '{"guestEmail":"eva@example.org"}', contentType: 'application/json' });
  return request;
}

describe('UserDeleted and the stored answers of idempotent requests', () => {
  it("deletes the deleted user's stored answers, keeps everyone else's, and changes nothing when the job runs again", async () => {
    const deleted = randomUUID();
    const other = randomUUID();
    const ofDeleted = await answered(`user:${deleted}`, 'k-1');
    const ofOther = await answered(`user:${other}`, 'k-1');
    const ofGuest = await answered('guest', 'k-2');

    const handlers = cascadeHandlers(new StandCommands(fresh.ds));
    await handlers.UserDeleted({ userId: deleted });
    await handlers.UserDeleted({ userId: deleted });

    // The deleted user's key is free again (nothing replayed), the others still answer what they answered.
    expect(await store.claim(ofDeleted)).toEqual({ kind: 'claimed' });
    expect(await store.claim(ofOther)).toMatchObject({ kind: 'replay', answer: { status: 201 } });
    expect(await store.claim(ofGuest)).toMatchObject({ kind: 'replay', answer: { status: 201 } });
  });
});
