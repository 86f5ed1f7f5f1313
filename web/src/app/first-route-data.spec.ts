import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { eventQueryKey } from '@/features/events/api/get-event';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { loadFirstRoute } from './first-route-data';

const ID = '3f2b6c1e-8d4a-4e7b-9c0f-1a2b3c4d5e6f';

function answering(byUrl: Record<string, unknown>) {
  return vi.fn(
    async (url: string) =>
      new Response(JSON.stringify(byUrl[url] ?? { message: 'nicht da' }), {
        status: url in byUrl ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

describe('loadFirstRoute', () => {
  afterEach(() => vi.useRealTimers());

  it('on an event page requests the event and its stands at once and has the event in the cache when it resolves', async () => {
    const fetchSpy = answering({ [`/api/events/${ID}`]: { id: ID, name: 'Kanalmarkt' }, [`/api/events/${ID}/stands`]: [] });
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient();
    await loadFirstRoute(client, `/events/${ID}`, 5_000);
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([`/api/events/${ID}`, `/api/events/${ID}/stands`]);
    expect(client.getQueryData(eventQueryKey(ID))).toEqual({ id: ID, name: 'Kanalmarkt' });
    await vi.waitFor(() => expect(client.getQueryData(eventStandsQueryKey(ID))).toEqual([]));
  });

  it('knows the viewer when it resolves, so the hero paints its buttons once (signed out: without a request)', async () => {
    const fetchSpy = answering({ [`/api/events/${ID}`]: { id: ID, name: 'Kanalmarkt' }, [`/api/events/${ID}/stands`]: [] });
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient();
    await loadFirstRoute(client, `/events/${ID}`, 5_000);
    expect(client.getQueryState(currentUserQueryKey)).toMatchObject({ status: 'success', data: null });
    expect(fetchSpy.mock.calls.map(([url]) => url)).not.toContain('/api/auth/user');
  });

  it('waits no longer than it was given when the API does not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const started = Date.now();
    await loadFirstRoute(new QueryClient(), `/events/${ID}`, 50);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('resolves also when the event is missing (the page shows its 404 as before)', async () => {
    vi.stubGlobal('fetch', answering({}));
    const client = new QueryClient();
    await loadFirstRoute(client, `/events/${ID}`, 5_000);
    expect(client.getQueryState(eventQueryKey(ID))?.status).toBe('error');
  });

  it('requests nothing on other pages', async () => {
    const fetchSpy = answering({});
    vi.stubGlobal('fetch', fetchSpy);
    for (const pathname of ['/', '/events', `/events/${ID}/edit`, `/stands/${ID}`, '/events/%E0%A4%A'])
      await loadFirstRoute(new QueryClient(), pathname, 5_000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
