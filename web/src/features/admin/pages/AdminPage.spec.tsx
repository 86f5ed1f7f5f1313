import { LIMITS, type TAdminUser, type TAuthUser, type TEvent } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

const admin: TAuthUser = { ...participant, role: 'admin' };
/** The page is a lazily loaded chunk and renders up to hundreds of rows: generous waits on a loaded machine. */
const WAIT = { timeout: 5000 };

const adminRow: TAdminUser = { ...admin, createdAt: '2029-01-01T00:00:00.000Z', updatedAt: '2029-01-01T00:00:00.000Z' };

/** Event n (from 1) starts n days after 1 January 2030: the higher n, the newer. */
function markets(count: number): TEvent[] {
  return Array.from({ length: count }, (_, i) => makeEvent({ name: `Markt ${i + 1}`, startDateTime: new Date(Date.UTC(2030, 0, 1 + i + 1, 8)).toISOString() }));
}

/** GET /api/events as the server answers it: start order, at most 500 per call, the total in X-Total-Count. */
function eventsServer(events: TEvent[]) {
  const calls: Array<{ limit: number; offset: number }> = [];
  const answers = {
    '/api/events': (url: URL) => {
      const limit = Number(url.searchParams.get('limit') ?? LIMITS.eventListMaxLimit);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      calls.push({ limit, offset });
      if (limit > LIMITS.eventListMaxLimit) return json({ message: 'Ungültiges Limit.' }, 400);
      const page = events.slice(offset, offset + limit);
      return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(events.length) } });
    },
    '/api/admin/users': [adminRow],
    '/api/admin/stand-stats': { approved: 0, pending: 0, rejected: 0 },
  };
  return { answers, calls };
}

async function eventsCounter(): Promise<string> {
  const label = await screen.findByText('Events', { selector: 'dt' }, WAIT);
  const value = label.parentElement?.querySelector('dd');
  await waitFor(() => expect(value?.textContent).not.toBe('…'), WAIT);
  return value?.textContent ?? '';
}

/** The linked names of the event list, top to bottom (plain DOM queries: role queries over hundreds of rows are slow). */
function eventRows(): string[] {
  const list = screen.getByRole('region', { name: 'Events' });
  return [...list.querySelectorAll('li')].map((row) => row.querySelector('a')?.textContent ?? '');
}

async function showMore(): Promise<void> {
  const before = eventRows().length;
  fireEvent.click(screen.getByRole('button', { name: 'Weitere anzeigen' }));
  await waitFor(() => expect(eventRows().length).toBeGreaterThan(before), WAIT);
}

describe('admin dashboard events', { timeout: 20_000 }, () => {
  it('counts every event, beyond the 500 of one call, and lists the newest first, 50 at a time', async () => {
    const server = eventsServer(markets(620));
    mockAuthUser(admin, server.answers);
    renderApp('/admin');

    expect(await eventsCounter()).toBe('620');
    await screen.findByRole('link', { name: 'Markt 620' }, WAIT);
    expect(eventRows()).toEqual(Array.from({ length: 50 }, (_, i) => `Markt ${620 - i}`));
    expect(screen.getByText('50 von 620 angezeigt')).toBeTruthy();

    await showMore();
    expect(eventRows()).toEqual(Array.from({ length: 100 }, (_, i) => `Markt ${620 - i}`));
    expect(screen.getByText('100 von 620 angezeigt')).toBeTruthy();
    expect(server.calls.every((call) => call.limit <= LIMITS.eventListMaxLimit)).toBe(true);
  });

  it('reaches every event, down to the oldest, and then offers no more', async () => {
    const server = eventsServer(markets(130));
    mockAuthUser(admin, server.answers);
    renderApp('/admin');

    expect(await eventsCounter()).toBe('130');
    await screen.findByRole('link', { name: 'Markt 130' }, WAIT);
    await showMore();
    await showMore();
    expect(eventRows()).toEqual(Array.from({ length: 130 }, (_, i) => `Markt ${130 - i}`));
    expect(screen.queryByRole('button', { name: 'Weitere anzeigen' })).toBeNull();
    expect(screen.queryByText(/angezeigt$/)).toBeNull();
  });

  it('a small platform takes one call: all its events, newest first, no paging', async () => {
    const server = eventsServer(markets(3));
    mockAuthUser(admin, server.answers);
    renderApp('/admin');

    expect(await eventsCounter()).toBe('3');
    await screen.findByRole('link', { name: 'Markt 3' }, WAIT);
    expect(eventRows()).toEqual(['Markt 3', 'Markt 2', 'Markt 1']);
    expect(screen.queryByRole('button', { name: 'Weitere anzeigen' })).toBeNull();
    expect(server.calls).toHaveLength(1);
  });

  it('after a delete, the count drops and the pages read so far are read again without the event', async () => {
    const events = markets(120);
    const server = eventsServer(events);
    const doomed = events[60] as TEvent;
    mockAuthUser(admin, {
      ...server.answers,
      [`/api/events/${doomed.id}`]: () => {
        events.splice(events.indexOf(doomed), 1);
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin');

    await screen.findByRole('link', { name: 'Markt 120' }, WAIT);
    await showMore();
    fireEvent.click(screen.getByRole('button', { name: 'Event „Markt 61“ löschen' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Event löschen' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Markt 61' })).toBeNull(), WAIT);
    expect(await eventsCounter()).toBe('119');
    const expected = Array.from({ length: 120 }, (_, i) => `Markt ${120 - i}`).filter((name) => name !== 'Markt 61');
    expect(eventRows()).toEqual(expected.slice(0, 100));
    expect(screen.getByText('100 von 119 angezeigt')).toBeTruthy();
  });
});
