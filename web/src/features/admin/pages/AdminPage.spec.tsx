import { LIMITS, type TAdminUser, type TAuthUser, type TEvent } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

const admin: TAuthUser = { ...participant, role: 'admin' };
/** The page is a lazily loaded chunk and renders up to hundreds of rows: generous waits on a loaded machine. */
const WAIT = { timeout: 10_000 };

const adminRow: TAdminUser = { ...admin, createdAt: '2029-01-01T00:00:00.000Z', updatedAt: '2029-01-01T00:00:00.000Z' };
const vera: TAdminUser = {
  ...adminRow,
  id: '00000000-0000-4000-8000-00000000000a',
  email: 'vera@example.de',
  firstName: 'Vera',
  lastName: 'Veranstalter',
  role: 'organizer',
};

/** Event n (from 1) starts n days after 1 January 2030: the higher n, the newer. */
function markets(count: number): TEvent[] {
  return Array.from({ length: count }, (_, i) => makeEvent({ name: `Markt ${i + 1}`, startDateTime: new Date(Date.UTC(2030, 0, 1 + i + 1, 8)).toISOString() }));
}

/** GET /api/admin/events as the server answers it: latest start first, `q` in the name, at most 500 per call, the total in X-Total-Count. */
function eventsServer(events: TEvent[]) {
  const calls: Array<{ limit: number; offset: number; q: string | null }> = [];
  const answers = {
    '/api/admin/events': (url: URL) => {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const q = url.searchParams.get('q');
      calls.push({ limit, offset, q });
      if (limit > LIMITS.eventListMaxLimit) return json({ message: 'Ungültiges Limit.' }, 400);
      const hits = [...events].reverse().filter((e) => q === null || e.name.toLowerCase().includes(q.toLowerCase()));
      const page = hits.slice(offset, offset + limit);
      return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(hits.length) } });
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

describe('admin dashboard search (issue 30)', { timeout: 20_000 }, () => {
  it('finds events by the search box, says how many, and keeps counting all of them', async () => {
    const server = eventsServer(markets(120));
    mockAuthUser(admin, server.answers);
    renderApp('/admin');
    await screen.findByRole('link', { name: 'Markt 120' }, WAIT);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name, Ort oder E-Mail' }), { target: { value: ' markt 11 ' } });
    await waitFor(
      () =>
        expect(eventRows()).toEqual([
          'Markt 119',
          'Markt 118',
          'Markt 117',
          'Markt 116',
          'Markt 115',
          'Markt 114',
          'Markt 113',
          'Markt 112',
          'Markt 111',
          'Markt 110',
          'Markt 11',
        ]),
      WAIT,
    );
    expect(screen.getByText('11 Flohmärkte gefunden')).toBeTruthy();
    expect(server.calls.some((call) => call.q === 'markt 11')).toBe(true);
    expect(await eventsCounter()).toBe('120');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name, Ort oder E-Mail' }), { target: { value: 'Basar' } });
    expect(await screen.findByText('Keine Flohmärkte gefunden.', {}, WAIT)).toBeTruthy();
  });

  it('finds users by name or e-mail and filters them by role; the server does the filtering', async () => {
    const sven: TAdminUser = {
      ...adminRow,
      id: '00000000-0000-4000-8000-00000000000b',
      email: 'sven@example.de',
      firstName: 'Sven',
      lastName: 'Seller',
      role: 'participant',
    };
    const everyone = [adminRow, vera, sven];
    const asked: string[] = [];
    mockAuthUser(admin, {
      ...eventsServer(markets(1)).answers,
      '/api/admin/users': (url: URL) => {
        asked.push(url.search);
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const role = url.searchParams.get('role');
        return everyone.filter((u) => (!role || u.role === role) && `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(q));
      },
    });
    renderApp('/admin');
    const users = await screen.findByRole('region', { name: 'Benutzer' }, WAIT);
    await within(users).findByRole('link', { name: 'Sven Seller' }, WAIT);

    fireEvent.change(within(users).getByRole('combobox', { name: 'Rolle' }), { target: { value: 'organizer' } });
    await waitFor(() => expect(within(users).queryByRole('link', { name: 'Sven Seller' })).toBeNull(), WAIT);
    expect(within(users).getByRole('link', { name: 'Vera Veranstalter' })).toBeTruthy();
    expect(within(users).getByText('1 Benutzer gefunden')).toBeTruthy();
    expect(asked).toContain('?role=organizer');

    fireEvent.change(within(users).getByRole('combobox', { name: 'Rolle' }), { target: { value: '' } });
    fireEvent.change(within(users).getByRole('searchbox', { name: 'Name oder E-Mail' }), { target: { value: 'sven@' } });
    await waitFor(() => expect(within(users).queryByRole('link', { name: 'Vera Veranstalter' })).toBeNull(), WAIT);
    expect(within(users).getByRole('link', { name: 'Sven Seller' })).toBeTruthy();
    expect(asked).toContain('?q=sven%40');
    // The counter still counts everyone.
    const label = screen.getByText('Benutzer', { selector: 'dt' });
    expect(label.parentElement?.querySelector('dd')?.textContent).toBe('3');

    fireEvent.change(within(users).getByRole('searchbox', { name: 'Name oder E-Mail' }), { target: { value: 'niemand' } });
    expect(await within(users).findByText('Keine Benutzer gefunden.', {}, WAIT)).toBeTruthy();
  });
});

describe('admin dashboard user changes', { timeout: 20_000 }, () => {
  /** The users list as the server keeps it: a role change and a delete show in the next read. */
  function usersServer() {
    let everyone = [adminRow, { ...vera, role: 'participant' as const }];
    return {
      ...eventsServer(markets(1)).answers,
      '/api/admin/users': () => everyone,
      [`/api/admin/users/${vera.id}/role`]: (_url: URL, init?: RequestInit) => {
        const { role } = JSON.parse(String(init?.body)) as { role: TAdminUser['role'] };
        everyone = everyone.map((u) => (u.id === vera.id ? { ...u, role } : u));
        return everyone.find((u) => u.id === vera.id);
      },
      [`/api/admin/users/${vera.id}`]: () => {
        everyone = everyone.filter((u) => u.id !== vera.id);
        return new Response(null, { status: 204 });
      },
    };
  }

  async function confirm(users: HTMLElement, action: string, confirmLabel: string) {
    fireEvent.click(within(users).getByRole('button', { name: `${action}: Vera Veranstalter` }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: confirmLabel }));
  }

  it('after a role change the row keeps the focus at its role select (its button is disabled now)', async () => {
    mockAuthUser(admin, usersServer());
    renderApp('/admin');
    const users = await screen.findByRole('region', { name: 'Benutzer' }, WAIT);
    await within(users).findByRole('link', { name: 'Vera Veranstalter' }, WAIT);

    const select = within(users).getByRole('combobox', { name: 'Rolle von Vera Veranstalter' });
    fireEvent.change(select, { target: { value: 'organizer' } });
    await confirm(users, 'Rolle ändern', 'Rolle ändern');

    await waitFor(() => expect(within(users).getByRole('button', { name: 'Rolle ändern: Vera Veranstalter' })).toHaveProperty('disabled', true), WAIT);
    await waitFor(() => expect(document.activeElement).toBe(within(users).getByRole('combobox', { name: 'Rolle von Vera Veranstalter' })), WAIT);
  });

  it('after a delete the focus goes to the users heading, not to the page', async () => {
    mockAuthUser(admin, usersServer());
    renderApp('/admin');
    const users = await screen.findByRole('region', { name: 'Benutzer' }, WAIT);
    await within(users).findByRole('link', { name: 'Vera Veranstalter' }, WAIT);

    await confirm(users, 'Löschen', 'Benutzer löschen');

    await waitFor(() => expect(within(users).queryByRole('link', { name: 'Vera Veranstalter' })).toBeNull(), WAIT);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Benutzer', level: 2 })), WAIT);
  });
});
