import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { TEventListQuery } from '@flohmarkt/contracts';
import type { EventSearch } from '../search/event-search.js';
import type { EventEntity } from './event.entity.js';
import { EventsController } from './events.controller.js';
import type { EventsService } from './events.service.js';

function row(id: string, approvedStands = 0): EventEntity {
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
    cancelReason: null,
    contactEmail: null,
    contactPhone: null,
    websiteUrl: null,
    websiteLinkText: null,
    allowStandRegistration: true,
    registrationDeadline: null,
    notifyOnRegistration: true,
    maxStands: null,
    approvedStands,
    takenPlaces: null,
    pendingStands: 0,
    waitlistedStands: 0,
    rejectedStands: 0,
    approvedStandsVersion: approvedStands ? '4' : '0',
    seriesId: null,
    copiedFromId: null,
    reconfirmationEnabled: false,
    reconfirmationAskHours: 72,
    reconfirmationDeadlineHours: 24,
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

function controller(rows: EventEntity[], total = rows.length): { ctl: EventsController; queries: TEventListQuery[] } {
  const queries: TEventListQuery[] = [];
  const search = { find: async (q: TEventListQuery) => (queries.push(q), { events: rows, total }) } as unknown as EventSearch;
  const events = { get: async (id: string) => rows.find((r) => r.id === id) } as unknown as EventsService;
  return { ctl: new EventsController(events, search, {} as DataSource), queries };
}

describe('event list and detail with stand counts (search stubbed)', () => {
  it("gives every listed event the approved-stand count stored on its row (the stands service's last announcement)", async () => {
    const { ctl, queries } = controller([row(A), row(B, 3)]);
    const list = await ctl.list({ upcoming: 'true' }, answer().res);
    expect(list.map((e) => [e.id, e.standCount])).toEqual([
      [A, 0],
      [B, 3],
    ]);
    expect(list[0]).toMatchObject({ latitude: '50.93750000', startDateTime: '2031-05-10T08:00:00.000Z', organizerId: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40' });
    expect(list[1]).not.toHaveProperty('approvedStandsVersion');
    expect(queries).toEqual([{ upcoming: true, limit: 500, offset: 0 }]);
  });

  it('tells the number of all matching events in X-Total-Count, beyond the page', async () => {
    const { res, headers } = answer();
    expect(await controller([row(A), row(B)], 620).ctl.list({ limit: '2' }, res)).toHaveLength(2);
    expect(headers['x-total-count']).toBe('620');
  });

  it('answers an empty list with a total of 0', async () => {
    const { res, headers } = answer();
    expect(await controller([]).ctl.list({}, res)).toEqual([]);
    expect(headers['x-total-count']).toBe('0');
  });

  it('shows the count on the detail too', async () => {
    expect((await controller([row(A, 7)]).ctl.one(A)).standCount).toBe(7);
  });
});
