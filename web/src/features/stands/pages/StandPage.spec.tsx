import { screen, waitFor } from '@testing-library/react';
import { STAND_API_ERRORS } from '@flohmarkt/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { mockAuthUser, renderApp } from '@/testing/render-app';

const event = makeEvent();
const stand = makeStand({ eventId: event.id });
const path = `/api/media/stands/${stand.id}/00000000-0000-4000-8000-0000000000f1.jpg`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StandPage photos', () => {
  it('shows a placeholder while the photo is processed, reads the stand again until it is ready, then stops', async () => {
    let reads = 0;
    const fetchMock = mockAuthUser(null, {
      [`/api/events/${event.id}`]: event,
      [`/api/stands/${stand.id}/reviews`]: [],
      [`/api/stands/${stand.id}`]: () => {
        reads += 1;
        return makeStand({ ...stand, photos: [path], photoStates: [{ path, state: reads < 2 ? 'processing' : 'ready' }] });
      },
    });
    renderApp(`/stands/${stand.id}`);

    expect(await screen.findByText('Foto wird verarbeitet …', {}, { timeout: 3000 })).toBeTruthy();
    const image = await screen.findByAltText(/Foto 1$/, {}, { timeout: 10_000 });
    expect(image.getAttribute('src')).toBe(path);
    // Nothing asked the photo's URL: the stand read said when it was ready.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/media/'))).toEqual([]);

    const readsWhenReady = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(readsWhenReady);
  }, 15_000);

  it('shows why a failed photo cannot be shown', async () => {
    mockAuthUser(null, {
      [`/api/events/${event.id}`]: event,
      [`/api/stands/${stand.id}/reviews`]: [],
      [`/api/stands/${stand.id}`]: makeStand({
        ...stand,
        photos: [path],
        photoStates: [{ path, state: 'failed', reason: 'Das Bild ist beschädigt und konnte nicht gelesen werden.' }],
      }),
    });
    renderApp(`/stands/${stand.id}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das Bild ist beschädigt und konnte nicht gelesen werden.'), { timeout: 3000 });
  });
});

describe('StandPage rejection (issue 17)', () => {
  it("shows its owner the state 'Abgelehnt' and the organiser's reason, and offers no editing of a withdrawn stand", async () => {
    const owner = {
      id: '00000009-0000-4000-8000-0000000000a1',
      email: 'erika@example.de',
      firstName: 'Erika',
      lastName: 'Muster',
      profileImageUrl: null,
      role: 'participant' as const,
    };
    const own = makeStand({
      eventId: event.id,
      exhibitorId: owner.id,
      status: 'rejected',
      isApproved: false,
      rejectionReason: 'Leider nur Kinderkleidung erlaubt.',
    });
    mockAuthUser(owner, { [`/api/events/${event.id}`]: event, [`/api/stands/${own.id}/reviews`]: [], [`/api/stands/${own.id}`]: own });
    renderApp(`/stands/${own.id}`);
    expect(await screen.findByText('Leider nur Kinderkleidung erlaubt.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Begründung des Organisators')).toBeTruthy();
    expect(screen.getByText('Abgelehnt')).toBeTruthy();
  });

  it('shows the owner of a rejected stand its items, but no item editor (a rejected stand lists none) (issue 35)', async () => {
    const owner = {
      id: '00000009-0000-4000-8000-0000000000a3',
      email: 'erika@example.de',
      firstName: 'Erika',
      lastName: 'Muster',
      profileImageUrl: null,
      role: 'participant' as const,
    };
    const own = makeStand({ eventId: event.id, exhibitorId: owner.id, status: 'rejected', isApproved: false, rejectionReason: 'Voll.' });
    const item = {
      id: '00000035-0000-4000-8000-000000000009',
      standId: own.id,
      title: 'Puppenhaus',
      price: { kind: 'fixed', cents: 3000 },
      category: 'Spielzeug',
      photo: null,
      status: 'available',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    mockAuthUser(owner, {
      [`/api/events/${event.id}`]: event,
      [`/api/stands/${own.id}/reviews`]: [],
      [`/api/stands/${own.id}/items`]: [item],
      [`/api/stands/${own.id}`]: own,
    });
    renderApp(`/stands/${own.id}`);
    expect(await screen.findByText('Puppenhaus', {}, { timeout: 10_000 })).toBeTruthy();
    // getByText reads the price's no-break space as a plain one.
    expect(screen.getByText('30 €')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Angebot hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Puppenhaus entfernen' })).toBeNull();
    // The kind of stand first, then its items, each under a name of its own.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.trim());
    expect(headings.indexOf('Kategorien')).toBeGreaterThan(-1);
    expect(headings.indexOf('Kategorien')).toBeLessThan(headings.indexOf('Angebote'));
    expect(headings).not.toContain('Angebot');
  });

  it('a withdrawn stand reads Zurückgezogen and has no edit button', async () => {
    const owner = {
      id: '00000009-0000-4000-8000-0000000000a2',
      email: 'erika@example.de',
      firstName: 'Erika',
      lastName: 'Muster',
      profileImageUrl: null,
      role: 'participant' as const,
    };
    const own = makeStand({ eventId: event.id, exhibitorId: owner.id, status: 'withdrawn', isApproved: false });
    mockAuthUser(owner, { [`/api/events/${event.id}`]: event, [`/api/stands/${own.id}/reviews`]: [], [`/api/stands/${own.id}`]: own });
    renderApp(`/stands/${own.id}`);
    expect(await screen.findByText('Zurückgezogen', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stand bearbeiten' })).toBeNull();
  });
});

describe('StandPage reviews', () => {
  const visitor = {
    id: '00000009-0000-4000-8000-0000000000b1',
    email: 'vera@example.de',
    firstName: 'Vera',
    lastName: 'Besucherin',
    profileImageUrl: null,
    role: 'participant' as const,
  };
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

  it('says when reviews open instead of offering a form the server would refuse, before the market begins', async () => {
    const coming = makeEvent({ startDateTime: hours(20), endDateTime: hours(26) });
    const ahead = makeStand({ eventId: coming.id });
    mockAuthUser(visitor, { [`/api/events/${coming.id}`]: coming, [`/api/stands/${ahead.id}/reviews`]: [], [`/api/stands/${ahead.id}`]: ahead });
    renderApp(`/stands/${ahead.id}`);
    expect(await screen.findByText(STAND_API_ERRORS.reviewBeforeStart, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bewertung abschicken' })).toBeNull();
  });

  it('offers the form once the market has begun', async () => {
    const running = makeEvent({ startDateTime: hours(-2), endDateTime: hours(4) });
    const open = makeStand({ eventId: running.id });
    mockAuthUser(visitor, { [`/api/events/${running.id}`]: running, [`/api/stands/${open.id}/reviews`]: [], [`/api/stands/${open.id}`]: open });
    renderApp(`/stands/${open.id}`);
    expect(await screen.findByRole('button', { name: 'Bewertung abschicken' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(STAND_API_ERRORS.reviewBeforeStart)).toBeNull();
  });
});

describe('StandPage location', () => {
  it("links the route to the stand's own place, not to an approximate field", async () => {
    const exact = makeStand({ eventId: event.id, latitude: '52.4989', longitude: '13.3915', locationApproximate: false });
    mockAuthUser(null, { [`/api/events/${event.id}`]: event, [`/api/stands/${exact.id}/reviews`]: [], [`/api/stands/${exact.id}`]: exact });
    const { unmount } = renderApp(`/stands/${exact.id}`);
    const route = await screen.findByRole('link', { name: /^Route zum Stand planen/ }, { timeout: 10_000 });
    expect(route.getAttribute('href')).toBe('https://www.openstreetmap.org/directions?route=%3B52.4989%2C13.3915#map=16/52.4989/13.3915');
    unmount();

    const approximate = makeStand({ eventId: event.id, latitude: '52.499', longitude: '13.392', locationApproximate: true });
    mockAuthUser(null, { [`/api/events/${event.id}`]: event, [`/api/stands/${approximate.id}/reviews`]: [], [`/api/stands/${approximate.id}`]: approximate });
    renderApp(`/stands/${approximate.id}`);
    expect(await screen.findByText(/Ungefähre Lage/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Route zum Stand planen/ })).toBeNull();
  });
});
