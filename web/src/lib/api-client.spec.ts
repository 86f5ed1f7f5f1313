import { describe, expect, it, vi } from 'vitest';
import { API_ERRORS, ERROR_CODES, ERROR_CODE_HEADER } from '@flohmarkt/contracts';
import { ApiError, NO_CONNECTION_MESSAGE, api, isNoConnectionError, isRateLimitedError, isUnauthorizedError } from './api-client';

function answer(body: string, status: number, contentType = 'application/json') {
  const fetchMock = vi.fn().mockResolvedValue(new Response(body, { status, headers: { 'Content-Type': contentType } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('returns the JSON body and sends the session cookie', async () => {
    const fetchMock = answer(JSON.stringify({ id: '1', name: 'Hofflohmarkt' }), 200);
    await expect(api.get('/api/events/1')).resolves.toEqual({ id: '1', name: 'Hofflohmarkt' });
    expect(fetchMock).toHaveBeenCalledWith('/api/events/1', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('sends a body as JSON', async () => {
    const fetchMock = answer(JSON.stringify({ ok: true }), 201);
    await api.post('/api/events', { name: 'Hofflohmarkt' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Hofflohmarkt"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('surfaces the message field of an error answer and keeps the status', async () => {
    answer(JSON.stringify({ message: 'Stand bereits angemeldet' }), 409);
    const error = await failure(api.post('/api/stands', {}));
    expect(error.message).toBe('Stand bereits angemeldet');
    expect(error.status).toBe(409);
  });

  it('carries the code of a specific refusal from its Error-Code header, the body staying { message }', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ message: 'Der Stand liegt zu weit weg.' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json', [ERROR_CODE_HEADER]: ERROR_CODES.STAND_TOO_FAR },
        }),
      ),
    );
    const error = await failure(api.put('/api/stands/s1', {}));
    expect(error.code).toBe(ERROR_CODES.STAND_TOO_FAR);
    expect(error.body).toEqual({ message: 'Der Stand liegt zu weit weg.' });
  });

  it('carries the code of a specific refusal, and none for an answer without one', async () => {
    answer(JSON.stringify({ message: 'Der Stand liegt zu weit weg.', code: ERROR_CODES.STAND_TOO_FAR }), 400);
    expect((await failure(api.put('/api/stands/s1', {}))).code).toBe(ERROR_CODES.STAND_TOO_FAR);
    answer(JSON.stringify({ message: 'Ungültige Eingabe.' }), 400);
    expect((await failure(api.put('/api/stands/s1', {}))).code).toBeUndefined();
    answer('Bad Gateway', 502, 'text/plain');
    expect((await failure(api.get('/api/events'))).code).toBeUndefined();
  });

  it("says 'HTTP error! status: 500' when the body has no message", async () => {
    answer('Internal Server Error', 500, 'text/plain');
    const error = await failure(api.get('/api/events'));
    expect(error.message).toBe('HTTP error! status: 500');
    expect(error.status).toBe(500);
  });

  it('says the general German sentence for a 429 without a message (a proxy in front of the gateway)', async () => {
    answer('<html>429 Too Many Requests</html>', 429, 'text/html');
    const error = await failure(api.post('/api/events', {}));
    expect(error.message).toBe(API_ERRORS.tooManyRequests);
    expect(isRateLimitedError(error)).toBe(true);
    expect(isRateLimitedError(new Error('429'))).toBe(false);
  });

  it('recognises 401 answers', async () => {
    answer(JSON.stringify({ message: 'Nicht angemeldet.' }), 401);
    const error = await failure(api.get('/api/auth/user'));
    expect(isUnauthorizedError(error)).toBe(true);
    expect(isUnauthorizedError(new Error('401'))).toBe(false);
  });

  it('answers undefined for an empty success body', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(api.delete('/api/stands/1')).resolves.toBeUndefined();
  });

  it('reads the total of a paged list from X-Total-Count, beyond the items of the page', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response(JSON.stringify([{ id: '1' }, { id: '2' }]), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '620' } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.getPage('/api/events?limit=2')).resolves.toEqual({ items: [{ id: '1' }, { id: '2' }], total: 620 });
    expect(fetchMock).toHaveBeenCalledWith('/api/events?limit=2', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('counts only the items of a list answer without a readable X-Total-Count', async () => {
    answer(JSON.stringify([{ id: '1' }]), 200);
    await expect(api.getPage('/api/events')).resolves.toEqual({ items: [{ id: '1' }], total: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': 'viele' } })),
    );
    await expect(api.getPage('/api/events')).resolves.toEqual({ items: [], total: 0 });
  });

  it('a failed list call throws like any other call', async () => {
    answer(JSON.stringify({ message: 'Ungültiger Offset.' }), 400);
    const error = await failure(api.getPage('/api/events?offset=-1'));
    expect(error.message).toBe('Ungültiger Offset.');
    expect(error.status).toBe(400);
  });
});

describe('api client without a connection', () => {
  it("turns the browser's English network failure into one German sentence", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/api/events').catch((e: unknown) => e);
    expect(isNoConnectionError(error)).toBe(true);
    expect((error as Error).message).toBe('Keine Verbindung. Bitte prüfe deine Internetverbindung.');
  });

  it('says the same when the connection drops while the answer streams in', async () => {
    const broken = new Response(JSON.stringify({ id: '1' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.spyOn(broken, 'text').mockRejectedValue(new TypeError('network error'));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(broken));
    await expect(api.get('/api/events/1')).rejects.toThrow(NO_CONNECTION_MESSAGE);
  });

  it('leaves an abort as an abort (a cancelled query is no connection problem)', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')));
    const error = await api.get('/api/events', { signal: controller.signal }).catch((e: unknown) => e);
    expect(isNoConnectionError(error)).toBe(false);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('api client: creating writes safe to retry (Idempotency-Key)', () => {
  const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const unavailable = () => json({ message: API_ERRORS.serviceUnavailable }, 503);
  const keyOf = (fetchMock: ReturnType<typeof vi.fn>, call: number) =>
    ((fetchMock.mock.calls[call]?.[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

  it('retries a 503 once with the same key and answers the retry', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(json({ id: 's1' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/events/e1/guest-stands', { guestFirstName: 'Eva' }, { idempotent: true })).resolves.toEqual({ id: 's1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock, 0)).toMatch(/^[\x20-\x7e]{1,200}$/);
    expect(keyOf(fetchMock, 1)).toBe(keyOf(fetchMock, 0));
  });

  it('retries a lost connection once with the same key, and no more than once', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const error = await api.post('/api/stands', { eventId: 'e2' }, { idempotent: true }).catch((e: unknown) => e);
    expect(isNoConnectionError(error)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock, 1)).toBe(keyOf(fetchMock, 0));
  });

  it('keeps the key for the next press of the same submission while the outcome is unknown, and makes a new one after an answer', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(json({ id: 'm1' }, 201))
      .mockResolvedValueOnce(json({ id: 'm2' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const market = { name: 'Hofflohmarkt' };
    await expect(api.post('/api/events', market, { idempotent: true })).rejects.toThrow(API_ERRORS.serviceUnavailable);
    await expect(api.post('/api/events', market, { idempotent: true })).resolves.toEqual({ id: 'm1' });
    expect(keyOf(fetchMock, 2)).toBe(keyOf(fetchMock, 0));
    await api.post('/api/events', market, { idempotent: true });
    expect(keyOf(fetchMock, 3)).not.toBe(keyOf(fetchMock, 0));
  });

  it('keeps the key after the 409 "still being worked on", and forgets it after any other 409', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ message: API_ERRORS.idempotentRequestPending, code: ERROR_CODES.IDEMPOTENT_REQUEST_PENDING }, 409))
      .mockResolvedValueOnce(json({ message: 'Stand bereits angemeldet' }, 409))
      .mockResolvedValueOnce(json({ id: 's9' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const stand = { eventId: 'e9', description: 'Bücher' };
    await expect(api.post('/api/stands', stand, { idempotent: true })).rejects.toThrow(API_ERRORS.idempotentRequestPending);
    await expect(api.post('/api/stands', stand, { idempotent: true })).rejects.toThrow('Stand bereits angemeldet');
    expect(keyOf(fetchMock, 1)).toBe(keyOf(fetchMock, 0));
    await api.post('/api/stands', stand, { idempotent: true });
    expect(keyOf(fetchMock, 2)).not.toBe(keyOf(fetchMock, 1));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('tells the 409 "still being worked on" by its code, not by its sentence', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ message: API_ERRORS.idempotentRequestPending }, 409))
      .mockResolvedValueOnce(json({ id: 's8' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const stand = { eventId: 'e8', description: 'Spiele' };
    await expect(api.post('/api/stands', stand, { idempotent: true })).rejects.toThrow(API_ERRORS.idempotentRequestPending);
    await api.post('/api/stands', stand, { idempotent: true });
    expect(keyOf(fetchMock, 1)).not.toBe(keyOf(fetchMock, 0));
  });

  it('keeps the key after a 500 without retrying it, so the next press cannot write twice', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ message: 'Ein unerwarteter Fehler ist aufgetreten.' }, 500))
      .mockResolvedValueOnce(json({ message: API_ERRORS.idempotentRequestCommitted }, 409));
    vi.stubGlobal('fetch', fetchMock);
    const market = { name: 'Nach dem Commit' };
    await expect(api.post('/api/events', market, { idempotent: true })).rejects.toThrow('Ein unerwarteter Fehler ist aufgetreten.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.post('/api/events', market, { idempotent: true })).rejects.toThrow(API_ERRORS.idempotentRequestCommitted);
    expect(keyOf(fetchMock, 1)).toBe(keyOf(fetchMock, 0));
  });

  it('sends no key and never retries other writes', async () => {
    const fetchMock = vi.fn().mockResolvedValue(unavailable());
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.put('/api/events/e1', { name: 'x' })).rejects.toThrow(API_ERRORS.serviceUnavailable);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(fetchMock, 0)).toBeUndefined();
  });
});
