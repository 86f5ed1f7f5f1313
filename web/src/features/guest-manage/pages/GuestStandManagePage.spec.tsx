import type { TGuestStandView } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';

// The map itself is Leaflet's; here it says which point and which market it would show.
vi.mock('@/components/maps/lazy-maps', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  StandMap: ({ stand, event }: { stand: TGuestStandView; event: { name: string } | null }) => (
    <p>{`Karte: ${stand.latitude}, ${stand.longitude} bei ${event?.name ?? 'keinem Markt'}`}</p>
  ),
}));

const token = 'q0Zb3u1nE9mXcV4tY7wA2g';
const eventId = '00000001-0000-4000-8000-0000000000cc';

function view(overrides: Partial<TGuestStandView> = {}): TGuestStandView {
  return {
    ...makeStand({
      eventId,
      status: 'pending',
      isApproved: false,
      isDraft: true,
      guestFirstName: 'Gerda',
      guestLastName: 'Gast',
      standNumber: 'Hof 7',
      description: 'Marmelade und Kuchen',
      categories: ['Verschiedenes'],
      foodCategories: ['Kuchen'],
      acceptsPayPal: true,
    }),
    guestEmail: 'gerda@example.de',
    eventName: 'Hofflohmarkt Kreuzberg',
    event: {
      id: eventId,
      name: 'Hofflohmarkt Kreuzberg',
      location: 'Bergmannstraße, 10961 Berlin',
      startDateTime: '2030-06-01T08:00:00.000Z',
      endDateTime: '2030-06-01T15:00:00.000Z',
      status: 'planned',
    },
    ...overrides,
  };
}

describe('/anmeldung/:token', () => {
  it('shows the market, the status in words and everything the guest submitted', async () => {
    mockAuthUser(null, { [`/api/guest-stands/${token}`]: view() });
    renderApp(`/anmeldung/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deine Stand-Anmeldung' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hofflohmarkt Kreuzberg' }).getAttribute('href')).toBe(`/events/${eventId}`);
    expect(screen.getByText(/Sa 01\.06\.2030 · 10:00–17:00 Uhr · Bergmannstraße, 10961 Berlin/)).toBeTruthy();
    const status = screen.getByRole('region', { name: /Status/ });
    expect(within(status).getByText('Wartend')).toBeTruthy();
    expect(status.textContent).toContain('noch nicht geprüft');
    const details = screen.getByRole('region', { name: 'Deine Angaben' });
    for (const text of ['Gerda Gast', 'gerda@example.de', 'Hof 7', 'Marmelade und Kuchen', 'Verschiedenes', 'Kuchen', 'Ja', 'Nicht angegeben']) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    // The registration as a calendar file, through the same private link.
    expect(screen.getByRole('link', { name: 'In meinen Kalender' }).getAttribute('href')).toBe(`/api/guest-stands/${token}/calendar.ics`);
  });

  it('shows where the guest put the stand, beside the market, and who can move a wrong point', async () => {
    const pinned = view({ latitude: '52.48912000', longitude: '13.39507000' });
    mockAuthUser(null, { [`/api/guest-stands/${token}`]: pinned, [`/api/events/${eventId}`]: makeEvent({ id: eventId, name: 'Hofflohmarkt Kreuzberg' }) });
    renderApp(`/anmeldung/${token}`);
    const map = await screen.findByRole('region', { name: 'Dein Standort auf der Karte' }, { timeout: 10_000 });
    await within(map).findByText('Karte: 52.48912000, 13.39507000 bei Hofflohmarkt Kreuzberg');
    expect(within(map).getByText(/^Liegt der Punkt nicht richtig\? Verschieben kann ihn nur der Organisator/)).toBeTruthy();
  });

  it('says nothing of a missing map point where the address says where the stand is', async () => {
    const address = { street: 'Venloer Straße', houseNumber: '12', postcode: '50823', town: 'Köln' };
    mockAuthUser(null, { [`/api/guest-stands/${token}`]: view({ address, latitude: null, longitude: null }) });
    renderApp(`/anmeldung/${token}`);
    const details = await screen.findByRole('region', { name: 'Deine Angaben' }, { timeout: 10_000 });
    expect(within(details).getByText('Venloer Straße 12, 50823 Köln')).toBeTruthy();
    expect(within(details).queryByText('Nicht angegeben')).toBeNull();
  });

  it('shows a rejection with the organiser’s reason and no reason box without one', async () => {
    mockAuthUser(null, { [`/api/guest-stands/${token}`]: view({ status: 'rejected', isDraft: false, rejectionReason: 'Der Hof ist schon voll.' }) });
    renderApp(`/anmeldung/${token}`);
    const status = await screen.findByRole('region', { name: /Status/ }, { timeout: 10_000 });
    expect(within(status).getByText('Abgelehnt')).toBeTruthy();
    expect(within(status).getByText('Begründung des Organisators')).toBeTruthy();
    expect(within(status).getByText('Der Hof ist schon voll.')).toBeTruthy();
    // A rejected registration is no date to keep.
    expect(screen.queryByRole('link', { name: 'In meinen Kalender' })).toBeNull();
  });

  it('withdraws after a confirmation; the page then says Zurückgezogen and offers nothing more', async () => {
    const fetchMock = mockAuthUser(null, {
      [`/api/guest-stands/${token}`]: (_url: URL, init?: RequestInit) =>
        init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json(view({ status: 'approved', isDraft: false, isApproved: true })),
    });
    renderApp(`/anmeldung/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Anmeldung zurückziehen' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Anmeldung zurückziehen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung zurückziehen' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Anmeldung zurückziehen?' })).getByRole('button', { name: 'Zurückziehen' }));
    const status = screen.getByRole('region', { name: /Status/ });
    await waitFor(() => expect(within(status).getByText('Zurückgezogen')).toBeTruthy());
    expect(status.textContent).toContain('Du hast diese Anmeldung zurückgezogen.');
    expect(screen.queryByRole('button', { name: 'Anmeldung zurückziehen' })).toBeNull();
    // The page below the status is gone: the status takes the focus (and is scrolled to).
    await waitFor(() => expect(document.activeElement).toBe(within(status).getByRole('heading', { level: 2 })));
    const [url] = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(url)).toBe(`/api/guest-stands/${token}`);
  });

  it('says when the market was cancelled, with its reason', async () => {
    const cancelled = view();
    cancelled.event = { ...cancelled.event!, status: 'cancelled' };
    mockAuthUser(null, {
      [`/api/guest-stands/${token}`]: cancelled,
      [`/api/events/${eventId}`]: makeEvent({ id: eventId, status: 'cancelled', phase: 'cancelled', cancelReason: 'Unwetterwarnung' }),
    });
    renderApp(`/anmeldung/${token}`);
    expect(await screen.findByText('Dieser Flohmarkt wurde abgesagt. Grund: Unwetterwarnung', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Abgesagt')).toBeTruthy();
  });

  it('an unknown token is a German not-found page', async () => {
    mockAuthUser(null);
    renderApp(`/anmeldung/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung nicht gefunden' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toBeTruthy();
  });

  it('a string that cannot be a token is not found without asking the server', async () => {
    const fetchMock = mockAuthUser(null);
    renderApp('/anmeldung/kein-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung nicht gefunden' }, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('guest-stands'))).toBe(false);
  });

  it('a waitlisted registration shows its place on the list and that it moves up by itself (issue 18)', async () => {
    mockAuthUser(null, { [`/api/guest-stands/${token}`]: view({ status: 'waitlisted', isDraft: false, waitlistPosition: 2 }) });
    renderApp(`/anmeldung/${token}`);
    const status = await screen.findByRole('region', { name: /^Status/ }, { timeout: 10_000 });
    expect(within(status).getByText('Warteliste (Platz 2)')).toBeTruthy();
    expect(status.textContent).toContain('rückt von selbst nach, sobald ein Platz frei wird');
  });

  it('lists the guest’s items with the editor, every item call carrying the link’s token in X-Manage-Token (issue 35)', async () => {
    const standView = view({ status: 'approved', isDraft: false, isApproved: true });
    const itemsPath = `/api/stands/${standView.id}/items`;
    const fetchMock = mockAuthUser(null, {
      [`/api/guest-stands/${token}`]: standView,
      [itemsPath]: (_url: URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? json(
              {
                id: '00000035-0000-4000-8000-000000000001',
                standId: standView.id,
                ...(JSON.parse(String(init.body)) as object),
                photo: null,
                status: 'available',
                createdAt: '2030-01-01T00:00:00.000Z',
                updatedAt: '2030-01-01T00:00:00.000Z',
              },
              201,
            )
          : json([]),
    });
    renderApp(`/anmeldung/${token}`);
    const form = await screen.findByRole('form', { name: 'Angebot hinzufügen' }, { timeout: 10_000 });
    expect(screen.getByText('0 von 20')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Titel/), { target: { value: 'Erdbeermarmelade' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'VB' }));
    fireEvent.change(within(form).getByLabelText(/^Kategorie/), { target: { value: 'Haushaltswaren' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Angebot eintragen' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, init]) => String(u) === itemsPath && init?.method === 'POST')).toBe(true));
    const itemCalls = fetchMock.mock.calls.filter(([u]) => String(u) === itemsPath);
    expect(itemCalls.map(([, init]) => init?.method)).toContain('GET');
    for (const [, init] of itemCalls) expect((init?.headers as Record<string, string>)['X-Manage-Token']).toBe(token);
    const [, post] = itemCalls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post?.body))).toEqual({ title: 'Erdbeermarmelade', price: { kind: 'negotiable' }, category: 'Haushaltswaren' });
    // The token is a credential: it never travels in a URL besides its own manage calls.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes(token) && !String(u).startsWith('/api/guest-stands/'))).toEqual([]);
  });

  it('shows the waiting stand’s photos fetched with the link’s token, and deletes one by it', async () => {
    const standView = view();
    const photo = `/api/media/stands/${standView.id}/00000036-0000-4000-8000-000000000001.jpg`;
    const photosPath = `/api/stands/${standView.id}/photos`;
    URL.createObjectURL = () => 'blob:vorschau';
    URL.revokeObjectURL = () => undefined;
    const fetchMock = mockAuthUser(null, {
      [`/api/guest-stands/${token}`]: { ...standView, photos: [photo], photoStates: [{ path: photo, state: 'ready' }] },
      [photo.replace(/\.jpg$/, '.thumb.jpg')]: () => new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 }),
      [photosPath]: () => json({ photos: [] }),
    });
    renderApp(`/anmeldung/${token}`);
    const photos = await screen.findByRole('region', { name: /^Fotos/ }, { timeout: 10_000 });
    expect(photos.textContent).toContain('(1 von 3)');
    expect(screen.getByText('Alle sehen deine Fotos, sobald der Organisator deinen Stand freigegeben hat.')).toBeTruthy();
    await waitFor(() => expect(within(photos).getByAltText('Foto 1').getAttribute('src')).toBe('blob:vorschau'));
    const [, thumbInit] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('.thumb.jpg'))!;
    expect((thumbInit?.headers as Record<string, string>)['X-Manage-Token']).toBe(token);

    fireEvent.click(within(photos).getByRole('button', { name: 'Foto 1 löschen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Foto löschen' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, init]) => String(u) === photosPath && init?.method === 'DELETE')).toBe(true));
    const [, remove] = fetchMock.mock.calls.find(([u, init]) => String(u) === photosPath && init?.method === 'DELETE')!;
    expect((remove?.headers as Record<string, string>)['X-Manage-Token']).toBe(token);
    expect(JSON.parse(String(remove?.body))).toEqual({ photoPath: photo });
    expect(await within(photos).findByText('Noch keine Fotos.')).toBeTruthy();
  });

  it('offers no item or photo editor for a rejected registration', async () => {
    mockAuthUser(null, { [`/api/guest-stands/${token}`]: view({ status: 'rejected', isDraft: false, rejectionReason: 'Voll.' }) });
    renderApp(`/anmeldung/${token}`);
    expect(await screen.findByRole('region', { name: /Status/ }, { timeout: 10_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('form', { name: 'Angebot hinzufügen' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Fotos/ })).toBeNull();
  });
});
