import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TEventListQuery } from '@flohmarkt/contracts';
import { DomainError, ServiceUnavailableError } from '@flohmarkt/server-kit';
import type { EventSearch } from '../search/event-search.js';
import { StandCounts, type StandsCaller } from '../stand-counts/stand-counts.client.js';
import type { EventEntity } from './event.entity.js';
import { EventsController } from './events.controller.js';
import type { EventsService } from './events.service.js';

function row(id: string): EventEntity {
  return {
    id,
    name: `Markt ${id.slice(-1)}`,
    description: null,
    rules: null,
    location: 'Köln',
    latitude: '50.93750000',
    longitude: '6.96030000',
    startDateTime: new Date('2031-05-10T08:00:00Z'),
    endDateTime: new Date('2031-05-10T14:00:00Z'),
    organizerId: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40',
    status: 'planned',
    contactEmail: null,
    contactPhone: null,
    websiteUrl: null,
    websiteLinkText: null,
    allowStandRegistration: true,
    createdAt: new Date('2031-01-01T00:00:00Z'),
    updatedAt: new Date('2031-01-01T00:00:00Z'),
  };
}

/** The headers a list answer sets. */
function answer(): { res: Response; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as Response;
  return { res, headers };
}

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function controller(rows: EventEntity[], stands: StandsCaller, total = rows.length): { ctl: EventsController; queries: TEventListQuery[] } {
  const queries: TEventListQuery[] = [];
  const search = { find: async (q: TEventListQuery) => (queries.push(q), { events: rows, total }) } as unknown as EventSearch;
  const events = { get: async (id: string) => rows.find((r) => r.id === id) } as unknown as EventsService;
  return { ctl: new EventsController(events, search, new StandCounts(stands, { INTERNAL_CALL_TIMEOUT_MS: 1000 })), queries };
}

describe('event list and detail with stand counts (stands stubbed)', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('gives every listed event its approved-stand count from one call', async () => {
    const asked: unknown[] = [];
    const stands: StandsCaller = { json: (async (call: { body?: unknown }) => (asked.push(call.body), { status: 200, body: { [B]: 3 } })) as StandsCaller['json'] };
    const { ctl, queries } = controller([row(A), row(B)], stands);
    const list = await ctl.list({ upcoming: 'true' }, answer().res);
    expect(list.map((e) => [e.id, e.standCount])).toEqual([
      [A, 0],
      [B, 3],
    ]);
    expect(list[0]).toMatchObject({ latitude: '50.93750000', startDateTime: '2031-05-10T08:00:00.000Z', organizerId: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40' });
    expect(asked).toEqual([{ eventIds: [A, B] }]);
    expect(queries).toEqual([{ upcoming: true, limit: 500, offset: 0 }]);
  });

  it('tells the number of all matching events in X-Total-Count, beyond the page', async () => {
    const stands: StandsCaller = { json: (async () => ({ status: 200, body: {} })) as StandsCaller['json'] };
    const { res, headers } = answer();
    expect(await controller([row(A), row(B)], stands, 620).ctl.list({ limit: '2' }, res)).toHaveLength(2);
    expect(headers['x-total-count']).toBe('620');
  });

  it('does not ask stands when the list is empty', async () => {
    const stands: StandsCaller = { json: async () => { throw new Error('must not be called'); } };
    const { res, headers } = answer();
    expect(await controller([], stands).ctl.list({}, res)).toEqual([]);
    expect(headers['x-total-count']).toBe('0');
  });

  it('answers 503 instead of a list with wrong counts when stands is down, for lists and the detail', async () => {
    const stands: StandsCaller = { json: async () => { throw new ServiceUnavailableError('stands', 'connect ECONNREFUSED'); } };
    const { ctl } = controller([row(A)], stands);
    for (const call of [() => ctl.list({}, answer().res), () => ctl.one(A)]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(503);
    }
  });

  it('shows the count on the detail too', async () => {
    const stands: StandsCaller = { json: (async () => ({ status: 200, body: { [A]: 7 } })) as StandsCaller['json'] };
    expect((await controller([row(A)], stands).ctl.one(A)).standCount).toBe(7);
  });
});
