import { GET_EVENT, LIST_EVENTS } from '@flohmarkt/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callQueryKey, callQueryOptions } from './api-call';

function answer(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('callQueryOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keys a read as callQueryKey does and requests the declaration's URL", async () => {
    const fetchMock = answer({ id: '7' });
    const options = callQueryOptions(GET_EVENT, { params: { id: '7' } });
    expect(options.queryKey).toEqual(callQueryKey(GET_EVENT, { params: { id: '7' } }));
    await expect(new QueryClient().fetchQuery(options)).resolves.toEqual({ id: '7' });
    expect(fetchMock).toHaveBeenCalledWith('/api/events/7', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('puts the query into the key and the URL', async () => {
    const fetchMock = answer([]);
    const options = callQueryOptions(LIST_EVENTS, { query: { upcoming: true, limit: 5 } });
    expect(options.queryKey).toEqual([callQueryKey(LIST_EVENTS)[0], { upcoming: true, limit: 5 }]);
    await new QueryClient().fetchQuery(options);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/events?upcoming=true&limit=5');
  });

  it("sends the query's signal, so a cancelled read aborts its request", async () => {
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const options = callQueryOptions(GET_EVENT, { params: { id: '7' } });
    void client.prefetchQuery(options);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await client.cancelQueries({ queryKey: options.queryKey });
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(true);
  });
});
