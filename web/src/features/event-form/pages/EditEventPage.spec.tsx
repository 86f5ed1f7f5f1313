import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));
vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001', role: 'organizer' as const };

describe('/events/:id/edit: Markt absagen (issue 17)', () => {
  it('cancels after a confirmation with the reason, then the event page shows Abgesagt', async () => {
    let event = makeEvent({ organizerId: organiser.id });
    const fetchMock = mockAuthUser(organiser, {
      [`/api/events/${event.id}`]: () => event,
      [`/api/events/${event.id}/stands`]: [],
      [`/api/events/${event.id}/draft-stands`]: [],
      [`/api/events/${event.id}/cancel`]: (_url: URL, init?: RequestInit) => {
        const { reason } = JSON.parse(String(init?.body)) as { reason: string };
        event = { ...event, status: 'cancelled', phase: 'cancelled', cancelReason: reason || null };
        return json(event);
      },
    });
    renderApp(`/events/${event.id}/edit`);
    const section = await screen.findByRole('region', { name: 'Markt absagen' }, { timeout: 10_000 });
    fireEvent.click(within(section).getByRole('button', { name: 'Markt absagen' }));
    const dialog = screen.getByRole('dialog', { name: 'Markt wirklich absagen?' });
    fireEvent.change(within(dialog).getByLabelText('Grund (optional)'), { target: { value: 'Unwetterwarnung' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Markt absagen' }));

    expect(await screen.findByText('Grund: Unwetterwarnung', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Abgesagt');
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([u, init]) => [String(u), JSON.parse(String(init?.body))])).toEqual([
      [`/api/events/${event.id}/cancel`, { reason: 'Unwetterwarnung' }],
    ]);
  });

  it('a cancelled event offers no second cancellation', async () => {
    const event = makeEvent({ organizerId: organiser.id, status: 'cancelled', phase: 'cancelled' });
    mockAuthUser(organiser, { [`/api/events/${event.id}`]: event });
    renderApp(`/events/${event.id}/edit`);
    expect(await screen.findByRole('region', { name: 'Markt abgesagt' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Markt absagen' })).toBeNull());
    // Said at the top too, before the form that looks as for a market that takes place.
    const notice = screen.getByRole('note');
    expect(notice.textContent).toContain('Dieser Markt ist abgesagt.');
    expect(notice.compareDocumentPosition(screen.getByRole('button', { name: 'Änderungen speichern' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('/events/:id/edit of a market in a series (issue 34)', () => {
  const seriesId = '00000034-0000-4000-8000-000000000001';

  /** The event's GET and PUT; the PUTs' query strings, as sent. */
  function mockEdit(event: ReturnType<typeof makeEvent>) {
    const puts: string[] = [];
    mockAuthUser(organiser, {
      [`/api/events/${event.id}`]: (url: URL, init?: RequestInit) => {
        if (init?.method !== 'PUT') return event;
        puts.push(url.search);
        return { ...event, ...(JSON.parse(String(init.body)) as object) };
      },
      [`/api/events/${event.id}/stands`]: [],
      [`/api/events/${event.id}/draft-stands`]: [],
    });
    return puts;
  }

  it('saves for this date and every later one when the organiser chooses so', async () => {
    const event = makeEvent({ organizerId: organiser.id, seriesId, copiedFromId: null });
    const puts = mockEdit(event);
    renderApp(`/events/${event.id}/edit`);
    const scope = await screen.findByRole('group', { name: 'Änderungen speichern für' }, { timeout: 10_000 });
    expect(within(scope).getByRole('radio', { name: 'nur diesen Termin' })).toHaveProperty('checked', true);
    fireEvent.click(within(scope).getByRole('radio', { name: 'diesen und alle folgenden Termine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(puts).toEqual(['?scope=following']));
  });

  it('saves this date alone by default, and asks nothing for a market without a series', async () => {
    const dated = makeEvent({ organizerId: organiser.id, seriesId, copiedFromId: null });
    const inSeries = mockEdit(dated);
    const { unmount } = renderApp(`/events/${dated.id}/edit`);
    await screen.findByRole('group', { name: 'Änderungen speichern für' }, { timeout: 10_000 });
    // Cancelling is always one date alone, and the page says so.
    expect(screen.getByText(/Abgesagt wird nur dieser Termin; die anderen Termine der Reihe bleiben\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(inSeries).toEqual(['']));
    unmount();

    const alone = makeEvent({ organizerId: organiser.id, seriesId: null, copiedFromId: null });
    const single = mockEdit(alone);
    renderApp(`/events/${alone.id}/edit`);
    await screen.findByRole('button', { name: 'Änderungen speichern' }, { timeout: 10_000 });
    expect(screen.queryByRole('group', { name: 'Änderungen speichern für' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'diesen und alle folgenden Termine' })).toBeNull();
    expect(screen.queryByText(/Abgesagt wird nur dieser Termin/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(single).toEqual(['']));
  });
});

describe('/events/:id/edit by the market’s team (issue 36)', () => {
  const event = makeEvent({ organizerId: organiser.id, name: 'Hofflohmarkt Kreuzberg' });
  const mine = (teamRole: 'co-organizer' | 'helper') => [
    { ...event, counts: { approved: 0, pending: 0, waitlisted: 0, rejected: 0, freePlaces: null }, teamRole },
  ];

  it('lets a co-organiser edit, without cancelling the market', async () => {
    mockAuthUser(participant, { [`/api/events/${event.id}`]: event, '/api/me/events': mine('co-organizer') });
    renderApp(`/events/${event.id}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Event bearbeiten' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Rückmeldung vor dem Markttag' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Markt absagen' })).toBeNull();
  });

  it('sends a helper back to the market', async () => {
    mockAuthUser(participant, { [`/api/events/${event.id}`]: event, [`/api/events/${event.id}/stands`]: [], '/api/me/events': mine('helper') });
    renderApp(`/events/${event.id}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: /Hofflohmarkt Kreuzberg/ }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Event bearbeiten' })).toBeNull();
  });
});

describe('/events/:id/edit in Berlin time, whatever the browser’s zone', () => {
  it('shows the times the page shows (10:00 winter time is 09:00 UTC) and saves them unchanged', async () => {
    const event = makeEvent({
      organizerId: organiser.id,
      startDateTime: '2030-12-07T09:00:00.000Z',
      endDateTime: '2030-12-07T15:00:00.000Z',
      registrationDeadline: '2030-06-01T16:00:00.000Z',
    });
    let saved: Record<string, unknown> | undefined;
    mockAuthUser(organiser, {
      [`/api/events/${event.id}`]: (_url: URL, init?: RequestInit) => {
        if (init?.method !== 'PUT') return event;
        saved = JSON.parse(String(init.body)) as Record<string, unknown>;
        return { ...event, ...saved };
      },
      [`/api/events/${event.id}/stands`]: [],
      [`/api/events/${event.id}/draft-stands`]: [],
    });
    renderApp(`/events/${event.id}/edit`);
    const start = (await screen.findByLabelText(/^Beginn/, {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(start.value).toBe('2030-12-07T10:00');
    expect((screen.getByLabelText(/^Ende/) as HTMLInputElement).value).toBe('2030-12-07T16:00');
    // Summer time: 16:00 UTC is 18:00 in Berlin.
    expect((screen.getByLabelText('Anmeldeschluss') as HTMLInputElement).value).toBe('2030-06-01T18:00');
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toMatchObject({
      startDateTime: '2030-12-07T09:00:00.000Z',
      endDateTime: '2030-12-07T15:00:00.000Z',
      registrationDeadline: '2030-06-01T16:00:00.000Z',
    });
  });
});
