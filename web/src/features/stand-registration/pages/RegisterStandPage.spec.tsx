import { TOASTS, type TStand } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

// The Leaflet map cannot run in jsdom.
vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <p>Karte</p> }));

const event = makeEvent({ id: '00000001-0000-4000-8000-0000000003aa', seriesId: null, copiedFromId: null });
const lastTimeId = '00000002-0000-4000-8000-0000000003bb';
const photo = (n: number) => `/api/media/stands/${lastTimeId}/photo-${n}.jpg`;

const lastTime: TStand = makeStand({
  id: lastTimeId,
  eventId: '00000001-0000-4000-8000-0000000003cc',
  exhibitorId: participant.id,
  standNumber: 'A7',
  description: 'Kinderbücher, Puzzles und Brettspiele',
  categories: ['Bücher', 'Gesellschaftsspiele'],
  foodCategories: ['Waffeln'],
  acceptsPayPal: true,
  latitude: '52.49000000',
  longitude: '13.39600000',
  address: { street: 'Bergmannstraße', houseNumber: '12', postcode: '10961', town: 'Berlin' },
  photos: [photo(1), photo(2)],
  photoStates: [
    { path: photo(1), state: 'ready' },
    { path: photo(2), state: 'ready' },
  ],
});

/** The registration page of `event` with `?from=`; the stand read answers `stand` (undefined: 404). Photo 2 cannot be read. */
function open(stand: TStand | undefined, user: typeof participant | null = participant) {
  const answers: Record<string, unknown> = {
    [`/api/events/${event.id}`]: event,
    [`/api/stands/user/${participant.id}`]: [],
    [`/api/events/${event.id}/stands`]: [],
    [photo(1)]: () => new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 }),
  };
  if (stand) answers[`/api/stands/${stand.id}`] = stand;
  const fetchMock = mockAuthUser(user, answers);
  renderApp(`/events/${event.id}/register-stand?from=${lastTimeId}`);
  return fetchMock;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('/events/:id/register-stand?from= (an invitation, issue 34)', () => {
  it("starts from last time's stand: details, categories, PayPal, address and its readable photos, but not its number", async () => {
    open(lastTime);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stand anmelden' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Vorausgefüllt mit deinem Stand vom letzten Mal – bitte prüfe die Angaben.')).toBeTruthy();

    expect(field(/^Beschreibung/).value).toBe('Kinderbücher, Puzzles und Brettspiele');
    expect(checkbox('Bücher').checked).toBe(true);
    expect(checkbox('Gesellschaftsspiele').checked).toBe(true);
    expect(checkbox('Kleidung').checked).toBe(false);
    expect(checkbox('Waffeln').checked).toBe(true);
    expect(checkbox('Ich akzeptiere PayPal').checked).toBe(true);
    expect(field(/^Straße/).value).toBe('Bergmannstraße');
    expect(field(/^PLZ/).value).toBe('10961');
    expect(field(/^Standnummer oder -name/).value).toBe('');

    // Photo 1 comes as a file, ready for the upload after registering; photo 2 could not be read and is left out.
    expect(await screen.findByText('Foto 1 vom letzten Mal.jpg', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Foto 2 vom letzten Mal.jpg')).toBeNull();
    expect(screen.getByRole('button', { name: 'Foto 1 entfernen' })).toBeTruthy();
  });

  it('leaves the form empty, without a word, when the stand cannot be read', async () => {
    const fetchMock = open(undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stand anmelden' }, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/api/stands/${lastTimeId}`))).toBe(true);
    expect(screen.queryByText(/Vorausgefüllt/)).toBeNull();
    expect(field(/^Beschreibung/).value).toBe('');
    expect(checkbox('Bücher').checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Foto \d entfernen/ })).toBeNull());
  });

  it("opened without a session, goes to the market's page, whose guest form opens pre-filled from the public read, its photos too", async () => {
    const publicRead = { ...lastTime, exhibitorId: null, address: null };
    open(publicRead, null);
    expect(await screen.findByRole('heading', { level: 1, name: event.name }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Vorausgefüllt mit deinem Stand vom letzten Mal – bitte prüfe die Angaben.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(field(/^Beschreibung/).value).toBe('Kinderbücher, Puzzles und Brettspiele');
    expect(checkbox('Bücher').checked).toBe(true);
    expect(field(/^Vorname/).value).toBe('');
    expect(screen.getByRole('button', { name: 'Anmeldung absenden' })).toBeTruthy();
    // A guest uploads by the manage link's token after registering: last time's readable photo waits in the picker.
    expect(await screen.findByText('Foto 1 vom letzten Mal.jpg', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Foto 2 vom letzten Mal.jpg')).toBeNull();
  });
});

describe('/events/:id/register-stand', () => {
  it('when a stand was registered meanwhile (409), „Stand bereits angemeldet“ takes the form’s place and its focus', async () => {
    let mine: TStand[] = [];
    const registered = makeStand({ eventId: event.id, exhibitorId: participant.id, status: 'pending', standNumber: '12' });
    mockAuthUser(participant, {
      [`/api/events/${event.id}`]: event,
      [`/api/stands/user/${participant.id}`]: () => json(mine),
      [`/api/stands/${lastTimeId}`]: lastTime,
      [`/api/events/${event.id}/stands`]: [],
      '/api/stands': () => {
        mine = [registered];
        return json({ message: 'Du hast für diesen Flohmarkt bereits einen Stand angemeldet.' }, 409);
      },
    });
    renderApp(`/events/${event.id}/register-stand?from=${lastTimeId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stand anmelden' }, { timeout: 10_000 })).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Stand anmelden' });
    send.focus();
    fireEvent.click(send);
    const notice = await screen.findByRole('heading', { level: 1, name: 'Stand bereits angemeldet' }, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });

  it("of a cancelled market, opened without a session, goes to the market's page instead of the sign-in", async () => {
    const cancelled = { ...event, status: 'cancelled' as const, phase: 'cancelled' as const, cancelReason: 'Unwetterwarnung' };
    mockAuthUser(null, { [`/api/events/${event.id}`]: cancelled, [`/api/events/${event.id}/stands`]: [] });
    renderApp(`/events/${event.id}/register-stand`);
    // The market's page, with its notice, and no word of an ended session.
    expect(await screen.findByText('Dieser Flohmarkt wurde abgesagt.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(event.name);
    expect(screen.queryByText(TOASTS.sessionExpired)).toBeNull();
  });
});
