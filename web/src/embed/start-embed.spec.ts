import { waitFor, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { mockAuthUser } from '@/testing/render-app';
import { startEmbed } from './start-embed';

const ORIGIN = 'https://flohmarkt.example.org';
const event = makeEvent({ id: '00000001-0000-4000-8000-00000000e0b1', name: 'Hofflohmarkt Kreuzberg', phase: 'running' });
const at = (n: number) => ({ latitude: '52.48900000', longitude: (13.396 + n * 0.002).toFixed(8) });
const stands = [
  {
    ...makeStand({ eventId: event.id, standNumber: '10', guestFirstName: 'Zora', guestLastName: 'Zeller', categories: ['Bücher', 'Spielzeug'], ...at(2) }),
    liveState: 'open' as const,
  },
  { ...makeStand({ eventId: event.id, standNumber: '2', guestFirstName: 'Anna', categories: [], ...at(1) }), liveState: 'closed' as const },
  // Only what anyone may see: a pending stand an organiser's own read would carry stays out.
  makeStand({ eventId: event.id, standNumber: '3', status: 'pending', isApproved: false, isDraft: true, ...at(3) }),
];

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('main');
  document.body.append(root);
});
afterEach(() => {
  root.remove();
  window.history.replaceState({}, '', '/');
});

function open(path: string) {
  window.history.replaceState({}, '', path);
  return startEmbed(root, ORIGIN);
}

describe('the framed event page (/embed/events/{id})', () => {
  it('lists the approved stands in number order with holder, categories and live state, each link opening the full site in a new tab', async () => {
    mockAuthUser(null, { [`/api/events/${event.id}`]: event, [`/api/events/${event.id}/stands`]: stands });
    await open(`/embed/events/${event.id}`);

    const view = within(root);
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Hofflohmarkt Kreuzberg');
    expect(root.textContent).toContain('Läuft gerade');
    expect(view.getByRole('heading', { level: 2 }).textContent).toBe('2 Stände');
    const items = view.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Stand #2', 'Stand #10']);
    expect(items[0]!.textContent).toContain('Geschlossen');
    expect(items[0]!.className).toContain('embed-list__item--muted');
    expect(items[1]!.textContent).toContain('Zora Z.');
    expect(items[1]!.textContent).toContain('Geöffnet');
    expect(items[1]!.textContent).toContain('Bücher, Spielzeug');

    // The page's own links (the map's zoom buttons and OpenStreetMap's credit are Leaflet's).
    const links = view.getAllByRole('link').filter((link) => !link.closest('.leaflet-container'));
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
      expect(link.getAttribute('href')?.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe(`${ORIGIN}/stands/${stands[0]!.id}`);
    // The app's shell is not there: no site header, navigation or footer.
    expect(document.querySelector('.site-header, nav, footer')).toBeNull();
  });

  it('names a guest once where the stand without number is called by the guest', async () => {
    const unnumbered = makeStand({ eventId: event.id, guestFirstName: 'Hannelore', ...at(4) });
    mockAuthUser(null, { [`/api/events/${event.id}`]: event, [`/api/events/${event.id}/stands`]: [unnumbered] });
    await open(`/embed/events/${event.id}`);

    const item = within(root).getByRole('listitem');
    expect(within(item).getByRole('link').textContent).toBe('Hannelore');
    expect(item.querySelector('.embed-list__holder')).toBeNull();
  });

  it('draws the map after the list: one marker per stand with a position, the closed one grey', async () => {
    mockAuthUser(null, { [`/api/events/${event.id}`]: event, [`/api/events/${event.id}/stands`]: stands });
    await open(`/embed/events/${event.id}`);
    await waitFor(() => expect(root.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2));
    expect(root.querySelector('.leaflet-marker-icon[title="Stand #2 (Geschlossen)"]')?.classList).toContain('map-pin--grey');
    expect(root.querySelector('.leaflet-marker-icon[title="Stand #10 (Geöffnet)"]')?.classList).toContain('map-pin--green');
  });

  it('says in German when the event does not exist', async () => {
    mockAuthUser(null, {});
    await open('/embed/events/00000001-0000-4000-8000-0000000000ff');
    expect(within(root).getByRole('alert').textContent).toBe('Diesen Flohmarkt gibt es nicht (mehr).');
  });
});

describe('the framed map of a place (/embed/map)', () => {
  it('asks for the coming markets around the place, nearest first, and lists them with their distance', async () => {
    const near = { ...makeEvent({ name: 'Kiezflohmarkt' }), distanceKm: 1.2 };
    const far = { ...makeEvent({ name: 'Stadtflohmarkt' }), distanceKm: 7.5 };
    const fetchMock = mockAuthUser(null, { '/api/events': [near, far] });
    await open('/embed/map?lat=52.52&lng=13.405&radiusKm=10');

    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ lat: '52.52', lng: '13.405', radiusKm: '10', upcoming: 'true', sort: 'distance' });
    expect(within(root).getByRole('heading', { level: 1 }).textContent).toBe('Flohmärkte im Umkreis von 10 km');
    const items = within(root).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Kiezflohmarkt', 'Stadtflohmarkt']);
    expect(items[0]!.textContent).toContain('1,2 km');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe(`${ORIGIN}/events/${far.id}`);
  });

  it('says what is missing instead of asking the server with a broken snippet', async () => {
    const fetchMock = mockAuthUser(null, {});
    await open('/embed/map?lat=52.52&radiusKm=10');
    expect(within(root).getByRole('alert').textContent).toBe('Für die Karte fehlen lat und lng (der Mittelpunkt).');
    await open('/embed/map?lat=52.52&lng=13.4&radiusKm=500');
    expect(within(root).getByRole('alert').textContent).toBe('radiusKm muss zwischen 0 und 100 liegen.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's German message when it refuses the search", async () => {
    mockAuthUser(null, {
      '/api/events': new Response(JSON.stringify({ message: 'Ungültiger Suchradius.' }), { status: 400, headers: { 'content-type': 'application/json' } }),
    });
    await open('/embed/map?lat=52.52&lng=13.4&radiusKm=99');
    expect(within(root).getByRole('alert').textContent).toBe('Ungültiger Suchradius.');
  });
});
