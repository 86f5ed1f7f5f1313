import type { TItem, TItemSearchHit } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';
import type { MapStand } from '../lib/group-hits';

// Leaflet is the maps' own tests'; here the map is the list of its markers.
vi.mock('../components/LazyItemSearchMap', () => ({
  LazyItemSearchMap: ({ stands }: { stands: MapStand[] }) => (
    <ul aria-label="Marker">
      {stands.map((stand) => (
        <li key={stand.id}>{stand.locationApproximate ? `${stand.label} (ungefähr)` : stand.label}</li>
      ))}
    </ul>
  ),
}));

const SEARCH = '/api/items/search';
const NOW = '2026-11-20T10:00:00.000Z';

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const markets = {
  ehrenfeld: {
    id: uuid(901),
    name: 'Hofflohmarkt Ehrenfeld',
    startDateTime: '2026-12-05T08:00:00.000Z',
    endDateTime: '2026-12-05T14:00:00.000Z',
    location: 'Venloer Straße 400, Köln',
  },
  nippes: {
    id: uuid(902),
    name: 'Kinderflohmarkt Nippes',
    startDateTime: '2026-12-06T09:00:00.000Z',
    endDateTime: '2026-12-06T13:00:00.000Z',
    location: 'Wilhelmplatz, Köln',
  },
};

function stand(n: number, label: string, locationApproximate = false): TItemSearchHit['stand'] {
  return { id: uuid(n), label, latitude: 50.95 + n / 10_000, longitude: 6.92, locationApproximate };
}

const BIKE_PHOTO = `/api/media/stands/${uuid(1)}/items/${uuid(21)}/${uuid(99)}.jpg`;

function item(n: number, title: string, price: TItem['price'], status: TItem['status'] = 'available'): TItem {
  return { id: uuid(n), standId: uuid(1), title, price, category: 'Spielzeug', photo: null, status, createdAt: NOW, updatedAt: NOW };
}

function hit(event: TItemSearchHit['event'], at: TItemSearchHit['stand'], found: TItem | null, distanceKm: number): TItemSearchHit {
  return { item: found, stand: at, event, distanceKm };
}

function page(hits: TItemSearchHit[], total: number): Response {
  return new Response(JSON.stringify(hits), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) } });
}

function searchCalls(fetchMock: ReturnType<typeof mockAuthUser>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === SEARCH)
    .map((url) => url.searchParams);
}

/** The markets of the hits, in the order shown. */
function marketNames(): Array<string | null> {
  return within(screen.getByRole('region', { name: 'Treffer' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
}

const standA = stand(11, 'Stand #3');
const standB = stand(12, 'Hinterhof Müller', true);
const standC = stand(13, 'Stand #7');

describe('/suche (issue 35)', () => {
  it('asks with the text, the point and the radius of the address and shows the hits by market and stand, with their prices', async () => {
    const fetchMock = mockAuthUser(null, {
      [SEARCH]: () =>
        page(
          [
            hit(markets.ehrenfeld, standA, { ...item(21, 'Kinderfahrrad 16 Zoll', { kind: 'fixed', cents: 1250 }), photo: BIKE_PHOTO }, 1.23),
            hit(markets.nippes, standC, item(22, 'Kinderfahrrad mit Stützrädern', { kind: 'free' }), 3.4),
            hit(markets.ehrenfeld, standA, item(23, 'Fahrradhelm für Kinder', { kind: 'negotiable' }, 'held'), 1.23),
            hit(markets.ehrenfeld, standB, null, 0.8),
          ],
          4,
        ),
    });
    renderApp('/suche?q=Kinderfahrrad&ort=K%C3%B6ln&lat=50.94&lng=6.96&umkreis=25');

    const ehrenfeld = (await screen.findByRole('link', { name: 'Hofflohmarkt Ehrenfeld' }, { timeout: 10_000 })).closest('li')!;
    const [sent] = searchCalls(fetchMock);
    expect(Object.fromEntries(sent!)).toMatchObject({ q: 'Kinderfahrrad', lat: '50.94', lng: '6.96', radiusKm: '25', offset: '0' });
    expect(screen.getByLabelText('Was suchst du?')).toHaveProperty('value', 'Kinderfahrrad');

    // The markets in the order of their best hit, each with its stands; both of stand #3's items under it.
    expect(marketNames()).toEqual(['Hofflohmarkt Ehrenfeld', 'Kinderflohmarkt Nippes']);
    expect(within(ehrenfeld).getByRole('link', { name: 'Hofflohmarkt Ehrenfeld' }).getAttribute('href')).toBe(`/events/${markets.ehrenfeld.id}`);
    expect(within(ehrenfeld).getByText('Venloer Straße 400, Köln')).toBeTruthy();
    const standRow = within(ehrenfeld).getByRole('link', { name: 'Stand #3' }).closest('li')!;
    expect(within(ehrenfeld).getByRole('link', { name: 'Stand #3' }).getAttribute('href')).toBe(`/stands/${standA.id}`);
    expect(standRow.textContent).toContain('1,2 km entfernt');
    const rows = within(standRow)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Kinderfahrrad 16 Zoll12,50\u00a0€', 'Fahrradhelm für KinderVBreserviert']);
    // An item with a photo shows its thumbnail beside the title.
    const thumbs = standRow.querySelectorAll('img.hit-item__thumb');
    expect([...thumbs].map((img) => img.getAttribute('src'))).toEqual([BIKE_PHOTO.replace(/\.jpg$/, '.thumb.jpg')]);
    const described = within(ehrenfeld).getByRole('link', { name: 'Hinterhof Müller' }).closest('li')!;
    expect(described.textContent).toContain('Stand: passt zur Beschreibung');
    expect(described.textContent).toContain('etwa 0,8 km entfernt');

    const nippes = screen.getByRole('link', { name: 'Kinderflohmarkt Nippes' }).closest('li')!;
    expect(within(nippes).getByText('zu verschenken')).toBeTruthy();
    expect(within(ehrenfeld).queryByText('Kinderfahrrad mit Stützrädern')).toBeNull();

    // One marker per stand, the approximate one marked so.
    const markers = within(screen.getByRole('list', { name: 'Marker' })).getAllByRole('listitem');
    expect(markers.map((m) => m.textContent)).toEqual(['Stand #3', 'Hinterhof Müller (ungefähr)', 'Stand #7']);
    expect(screen.getByText('4 Treffer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Weitere Treffer laden' })).toBeNull();
  });

  it('shows how many of all are loaded and loads the next page from the offset, adding to the stands shown', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      hit(i < 22 ? markets.ehrenfeld : markets.nippes, i < 22 ? standA : standC, item(100 + i, `Schallplatte ${i + 1}`, { kind: 'fixed', cents: 500 }), 1),
    );
    const fetchMock = mockAuthUser(null, {
      [SEARCH]: (url: URL) => {
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        return page(all.slice(offset, offset + limit), all.length);
      },
    });
    renderApp('/suche?q=Schallplatte&lat=50.94&lng=6.96');

    expect(await screen.findByText('20 von 25 Treffern', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Kinderflohmarkt Nippes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Treffer laden' }));

    expect(await screen.findByText('25 Treffer')).toBeTruthy();
    expect(searchCalls(fetchMock).map((sent) => [sent.get('offset'), sent.get('limit')])).toEqual([
      ['0', '20'],
      ['20', '20'],
    ]);
    // Stand #3's items of the second page join it; Nippes comes after.
    const standRow = screen.getByRole('link', { name: 'Stand #3' }).closest('li')!;
    expect(within(standRow).getAllByRole('listitem')).toHaveLength(22);
    expect(marketNames()).toEqual(['Hofflohmarkt Ehrenfeld', 'Kinderflohmarkt Nippes']);
    expect(screen.queryByRole('button', { name: 'Weitere Treffer laden' })).toBeNull();
  });

  it('says so when nothing is found', async () => {
    mockAuthUser(null, { [SEARCH]: () => page([], 0) });
    renderApp('/suche?q=Dampfmaschine&lat=50.94&lng=6.96&umkreis=5');
    expect(await screen.findByText('Nichts gefunden. Versuch ein anderes Wort oder einen größeren Umkreis.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Marker' })).toBeNull();
  });

  it('shows the server’s German refusal', async () => {
    mockAuthUser(null, { [SEARCH]: () => json({ message: 'Ein Datum der Suche ist ein Tag (JJJJ-MM-TT).' }, 400) });
    renderApp('/suche?q=Lampe&lat=50.94&lng=6.96&von=2026-13-01');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Ein Datum der Suche ist ein Tag (JJJJ-MM-TT).');
  });

  it('puts a submitted search into the address and runs it, around the place the link brought along', async () => {
    const fetchMock = mockAuthUser(null, { [SEARCH]: () => page([], 0) });
    renderApp('/suche?ort=Wilhelmplatz%2C%20K%C3%B6ln&lat=50.96&lng=6.95&umkreis=10');
    const what = await screen.findByLabelText('Was suchst du?', {}, { timeout: 10_000 });
    expect(screen.getByLabelText('Wo?')).toHaveProperty('value', 'Wilhelmplatz, Köln');
    expect(searchCalls(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('Bitte gib mindestens 2 Zeichen ein.')).toBeTruthy();

    fireEvent.change(what, { target: { value: 'Puppenhaus' } });
    fireEvent.change(screen.getByLabelText('Umkreis'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await screen.findByText('Nichts gefunden. Versuch ein anderes Wort oder einen größeren Umkreis.');
    expect(Object.fromEntries(searchCalls(fetchMock)[0]!)).toMatchObject({ q: 'Puppenhaus', lat: '50.96', lng: '6.95', radiusKm: '50' });
  });

  it('keeps the focus on „Suchen“ when the search rebuilds the form, and brings the outcome into view below the middle of a phone', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    // The outcome starts below the middle of the screen (as under the form on a phone).
    const top = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: window.innerHeight } as DOMRect);
    try {
      mockAuthUser(null, { [SEARCH]: () => page([], 0) });
      renderApp('/suche?ort=Wilhelmplatz%2C%20K%C3%B6ln&lat=50.96&lng=6.95&umkreis=10');
      fireEvent.change(await screen.findByLabelText('Was suchst du?', {}, { timeout: 10_000 }), { target: { value: 'Puppenhaus' } });
      const submit = screen.getByRole('button', { name: 'Suchen' });
      submit.focus();
      fireEvent.click(submit);
      await screen.findByText('Nichts gefunden. Versuch ein anderes Wort oder einen größeren Umkreis.');
      expect(screen.getByLabelText('Was suchst du?')).toHaveProperty('value', 'Puppenhaus');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Suchen' }));
      await waitFor(() => expect(scrolled.map((e) => e.id)).toEqual(['treffer']));
    } finally {
      top.mockRestore();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
