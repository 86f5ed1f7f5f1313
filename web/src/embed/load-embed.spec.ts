import { GET_EVENT, LIST_EVENTS, LIST_EVENT_STANDS } from '@flohmarkt/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callUrl } from '@/lib/api-call';
import { loadEventEmbed, loadMapEmbed } from './load-embed';

/*
 * The embed's script stays small, so it reads with fetch alone and writes its three URLs itself
 * rather than importing the call declarations (with their schemas). Here they are held to the
 * declarations: a call that moves fails this spec, not a market's website.
 */

const ID = '3f6c2a8e-5b1d-4c7a-9e21-7d4b8a0f1c35';

function answering(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the embed reads the declared calls', () => {
  it('asks for the event and its stands where GET_EVENT and LIST_EVENT_STANDS say', async () => {
    const fetchMock = answering([]);
    await loadEventEmbed(ID).catch(() => undefined);
    const asked = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(asked).toEqual([callUrl(GET_EVENT, { params: { id: ID } }), callUrl(LIST_EVENT_STANDS, { params: { id: ID } })]);
  });

  it('asks for the markets nearby where LIST_EVENTS says', async () => {
    const fetchMock = answering([]);
    await loadMapEmbed({ lat: 50.9375, lng: 6.9603, radiusKm: 25 });
    const asked = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(asked.pathname).toBe(callUrl(LIST_EVENTS));
    expect(Object.fromEntries(asked.searchParams)).toEqual({ lat: '50.9375', lng: '6.9603', radiusKm: '25', upcoming: 'true', sort: 'distance', limit: '50' });
  });
});
