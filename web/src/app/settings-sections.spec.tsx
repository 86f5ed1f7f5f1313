import { COME_BACK_MESSAGES, type TAlert } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { json, mockAuthUser, participant, renderApp, type ApiAnswers } from '@/testing/render-app';

const ORGANIZER = '00000009-0000-4000-8000-000000000001';
const OTHER = '00000009-0000-4000-8000-000000000002';

function makeAlert(overrides: Partial<TAlert> = {}): TAlert {
  return {
    id: '0000000a-0000-4000-8000-000000000001',
    lat: 51.3397,
    lng: 12.3731,
    radiusKm: 10,
    label: 'Leipzig, Sachsen',
    categories: [],
    query: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const hits = [{ displayName: 'Köln, Nordrhein-Westfalen', lat: 50.94, lng: 6.96, placeId: '1' }];

function callsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string, method: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);
}

/** /settings of `participant` with these alerts and follows; other answers added or replaced by `more`. */
function openSettings(alerts: TAlert[], follows: string[] = [], more: ApiAnswers = {}) {
  const fetchMock = mockAuthUser(participant, {
    [`/api/users/${participant.id}`]: { ...participant, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
    '/api/me/alerts': alerts,
    '/api/me/follows': { organizers: follows },
    '/api/geocode': hits,
    ...more,
  });
  renderApp('/settings');
  return fetchMock;
}

const alertList = () => screen.findByRole('list', { name: 'Deine Flohmarkt-Alarme' }, { timeout: 10_000 });

/** Types a place, picks the first suggestion. */
async function pickPlace(text: string) {
  fireEvent.change(await screen.findByRole('combobox', { name: /^Ort/ }, { timeout: 10_000 }), { target: { value: text } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: hits[0]!.displayName }));
}

describe('Einstellungen → Flohmarkt-Alarm (issue 34)', () => {
  afterEach(() => resetToasts());

  it('lists the alerts with place, radius and categories; one without a label by its point', async () => {
    openSettings([
      makeAlert({ categories: ['Bücher', 'Spielzeug'] }),
      makeAlert({ id: '0000000a-0000-4000-8000-000000000002', label: null, lat: 52.52, lng: 13.405, radiusKm: 25 }),
    ]);
    const items = within(await alertList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Leipzig, Sachsen');
    expect(items[0]!.textContent).toContain('Umkreis 10 km');
    expect(items[0]!.textContent).toContain('Auch Stände mit: Bücher, Spielzeug');
    expect(items[1]!.textContent).toContain('52,5200° N, 13,4050° O');
    expect(items[1]!.textContent).toContain('Umkreis 25 km');
    expect(items[1]!.textContent).toContain('Neue Flohmärkte');
  });

  it('says when there is none', async () => {
    openSettings([]);
    expect(await screen.findByText('Du hast noch keinen Flohmarkt-Alarm.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('saves a new alert: the picked place, the radius and the categories go in the POST, and it joins the list', async () => {
    let body: unknown = null;
    const created = makeAlert({
      id: '0000000a-0000-4000-8000-000000000003',
      label: 'Köln, Nordrhein-Westfalen',
      lat: 50.94,
      lng: 6.96,
      radiusKm: 20,
      categories: ['Bücher'],
    });
    const fetchMock = openSettings([], [], {
      '/api/me/alerts': (_url: URL, init?: RequestInit) => {
        if (init?.method !== 'POST') return [];
        body = JSON.parse(String(init.body));
        return json(created, 201);
      },
    });
    await pickPlace('Köln');
    fireEvent.change(screen.getByRole('combobox', { name: /^Umkreis/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByText('Kategorien (optional)'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Alarm speichern' }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/me/alerts', 'POST')).toHaveLength(1));
    expect(body).toEqual({ lat: 50.94, lng: 6.96, radiusKm: 20, label: 'Köln, Nordrhein-Westfalen', categories: ['Bücher'] });
    const item = within(await alertList()).getByRole('listitem');
    expect(item.textContent).toContain('Köln, Nordrhein-Westfalen');
    expect(item.textContent).toContain('Umkreis 20 km');
    expect(await screen.findByText('Dein Flohmarkt-Alarm ist gespeichert.')).toBeTruthy();
    // The form is empty again for the next one.
    expect((screen.getByRole('combobox', { name: /^Ort/ }) as HTMLInputElement).value).toBe('');
  });

  it('asks for a place picked from the list before it sends anything', async () => {
    const fetchMock = openSettings([]);
    fireEvent.change(await screen.findByRole('combobox', { name: /^Ort/ }, { timeout: 10_000 }), { target: { value: 'Irgendwo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alarm speichern' }));
    expect(await screen.findByText(COME_BACK_MESSAGES.alertPlaceRequired)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/me/alerts', 'POST')).toHaveLength(0);
  });

  it("shows the server's German refusal (more than 10 alerts)", async () => {
    openSettings([], [], {
      '/api/me/alerts': (_url: URL, init?: RequestInit) => (init?.method === 'POST' ? json({ message: COME_BACK_MESSAGES.tooManyAlerts }, 400) : []),
    });
    await pickPlace('Köln');
    fireEvent.click(screen.getByRole('button', { name: 'Alarm speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(COME_BACK_MESSAGES.tooManyAlerts);
  });

  it('says so when the alerts cannot be read, and the rest of the page stays', async () => {
    openSettings([], [], { '/api/me/alerts': () => json({ message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.' }, 503) });
    expect(await screen.findByText('Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeTruthy();
  });

  it('deletes an alert with DELETE and it leaves the list', async () => {
    const alert = makeAlert();
    const fetchMock = openSettings([alert], [], { [`/api/me/alerts/${alert.id}`]: () => new Response(null, { status: 204 }) });
    fireEvent.click(within(await alertList()).getByRole('button', { name: 'Löschen: Flohmarkt-Alarm für Leipzig, Sachsen' }));
    expect(await screen.findByText('Du hast noch keinen Flohmarkt-Alarm.')).toBeTruthy();
    expect(callsTo(fetchMock, `/api/me/alerts/${alert.id}`, 'DELETE')).toHaveLength(1);
  });

  it('puts an alert back with the German message when the delete fails', async () => {
    const alert = makeAlert();
    openSettings([alert], [], { [`/api/me/alerts/${alert.id}`]: () => json({ message: 'Interner Fehler.' }, 500) });
    fireEvent.click(within(await alertList()).getByRole('button', { name: /^Löschen/ }));
    expect(await screen.findByText('Interner Fehler.')).toBeTruthy();
    expect(within(await alertList()).getByRole('listitem').textContent).toContain('Leipzig, Sachsen');
  });
});

describe('Einstellungen → Veranstalter, denen du folgst (issue 34)', () => {
  afterEach(() => resetToasts());

  it('names the organisers it can, links to their pages and unfollows with DELETE', async () => {
    const fetchMock = openSettings([], [ORGANIZER, OTHER], {
      [`/api/users/${ORGANIZER}`]: {
        ...participant,
        id: ORGANIZER,
        firstName: 'Kiezverein',
        lastName: 'Moabit',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
      },
      [`/api/me/follows/organizers/${ORGANIZER}`]: () => new Response(null, { status: 204 }),
    });
    const list = await screen.findByRole('list', { name: 'Veranstalter, denen du folgst' }, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Kiezverein M.'));
    // A name the page could not read (here: 404) is just "Veranstalter", with the link to the page.
    const links = within(list).getAllByRole('link', { name: /^Veranstalter ansehen/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/users/${ORGANIZER}`, `/users/${OTHER}`]);

    fireEvent.click(within(list).getByRole('button', { name: 'Nicht mehr folgen: Kiezverein M.' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(fetchMock, `/api/me/follows/organizers/${ORGANIZER}`, 'DELETE')).toHaveLength(1);
  });

  it('says when the user follows nobody', async () => {
    openSettings([], []);
    expect(await screen.findByText(/Du folgst noch keinem Veranstalter/, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
