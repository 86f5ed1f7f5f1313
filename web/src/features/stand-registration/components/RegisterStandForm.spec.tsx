import { ERROR_CODES, TOASTS, VALIDATION, standTooFar } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelSessionRedirect } from '@/components/auth-guard/lib/session-expired';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { BERGMANNSTRASSE_12, makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { uploadPhoto } from '@/features/stand-edit/api/stand-photos';
import { ApiError } from '@/lib/api-client';
import { RegisterStandForm } from './RegisterStandForm';

// Uploads go through XMLHttpRequest (for their progress): a stand-in answers them.
vi.mock('@/features/stand-edit/api/stand-photos', () => ({ uploadPhoto: vi.fn() }));
const upload = vi.mocked(uploadPhoto);

// The Leaflet map cannot run in jsdom: a stand-in offers two points to pick, as a click would.
vi.mock('@/components/location/LocationPickerMap', () => ({
  LocationPickerMap: ({ onPick }: { onPick: (p: { lat: number; lng: number }) => void }) => (
    <div>
      <button type="button" onClick={() => onPick({ lat: 52.7, lng: 13.395 })}>
        Punkt weit weg
      </button>
      <button type="button" onClick={() => onPick({ lat: 52.49, lng: 13.396 })}>
        Punkt nah
      </button>
    </div>
  ),
}));

// Hofflohmarkt Kreuzberg (52.489, 13.395); 52.7 is about 23.5 km north of it.
const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000aa' });
// The stand POST /api/stands answers: the chosen photos go to it.
const NEW_STAND = '00000002-0000-4000-8000-0000000000aa';

afterEach(() => {
  act(() => resetToasts());
  upload.mockReset();
});

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const chooseFromGallery = (files: File[]) => fireEvent.change(screen.getByLabelText('Fotos aus der Galerie wählen'), { target: { files } });

function setup() {
  mockAuthUser(participant, {
    '/api/stands': () => json(makeStand({ id: NEW_STAND, eventId: event.id, exhibitorId: participant.id, status: 'pending' }), 201),
    '/api/geocode/reverse': { displayName: 'Bergmannstraße, Berlin' },
  });
  const fetchMock = vi.mocked(fetch);
  const onDone = vi.fn();
  renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={onDone} />);
  const postCount = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').length;
  return { onDone, postCount, fetchMock };
}

function fillValid() {
  fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Bücher, Platten und Spielzeug' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
}

describe('RegisterStandForm', () => {
  it('keeps what was typed across a session that ended before „Stand anmelden“: the form opens with it again after the sign-in, once', async () => {
    mockAuthUser(participant, { '/api/stands': () => json({ message: 'Bitte melde dich an, um fortzufahren.' }, 401) });
    const first = renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
    fillValid();
    fireEvent.click(await screen.findByRole('button', { name: 'Punkt nah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));
    await waitFor(() => expect(screen.getAllByText('Sitzung abgelaufen. Logge dich erneut ein...').length).toBeGreaterThan(0));
    cancelSessionRedirect();
    first.unmount();

    // Back from the sign-in: the same form starts from the kept entries and says so.
    const again = renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('Bücher, Platten und Spielzeug');
    expect((screen.getByRole('checkbox', { name: 'Bücher' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/^Deine Eingaben von vorhin sind wieder da\./).getAttribute('role')).toBe('status');
    again.unmount();

    // Taken once: the next visit starts empty.
    renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(/Deine Eingaben von vorhin/)).toBeNull();
  });

  it('shows each message next to its field, tied by aria-describedby, and the category toast', async () => {
    const { postCount } = setup();
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'zu kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    const description = screen.getByLabelText(/^Beschreibung/);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(description)).toContain(VALIDATION.standDescriptionMinLength);
    expect(describedText(screen.getByRole('group', { name: /^Kategorien/ }))).toContain(VALIDATION.standCategoriesRequired);
    expect(describedText(screen.getByRole('group', { name: /^Standort auf der Karte/ }))).toContain(VALIDATION.standLocationRequired);
    expect(screen.getByRole('alert').textContent).toContain(TOASTS.standCategoriesRequired);
    // The first invalid field gets the focus.
    expect(document.activeElement).toBe(description);
    expect(postCount()).toBe(0);
  });

  it('refuses a point more than 15 km from the market before sending anything', async () => {
    const { postCount } = setup();
    fillValid();
    fireEvent.click(await screen.findByRole('button', { name: 'Punkt weit weg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    const location = screen.getByRole('group', { name: /^Standort auf der Karte/ });
    expect(describedText(location)).toMatch(/^⚠?\s*Die gewählte Position ist 23\.\dkm vom Flohmarkt entfernt\. Maximal erlaubt sind 15km\./);
    expect(postCount()).toBe(0);
  });

  it("puts the server's 15 km refusal (its code) under the map, and another 400 above the buttons", async () => {
    const tooFar = standTooFar(15.2);
    for (const [body, atMap] of [
      [{ message: tooFar, code: ERROR_CODES.STAND_TOO_FAR }, true],
      [{ message: tooFar }, false],
    ] as const) {
      mockAuthUser(participant, { '/api/stands': () => json(body, 400), '/api/geocode/reverse': { displayName: 'Bergmannstraße, Berlin' } });
      const { unmount } = renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
      fillValid();
      fireEvent.click(await screen.findByRole('button', { name: 'Punkt nah' }));
      fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));
      const location = screen.getByRole('group', { name: /^Standort auf der Karte/ });
      if (atMap) await waitFor(() => expect(describedText(location)).toContain(tooFar));
      else await waitFor(() => expect(document.querySelector('.form .notice--error')?.textContent).toBe(tooFar));
      expect(describedText(location).includes(tooFar)).toBe(atMap);
      unmount();
    }
  });

  it('sends a near point with the form and reports the registration', async () => {
    const { postCount, onDone, fetchMock } = setup();
    fillValid();
    fireEvent.click(await screen.findByRole('button', { name: 'Punkt nah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' })));
    expect(postCount()).toBe(1);
    const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST')!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      eventId: event.id,
      description: 'Bücher, Platten und Spielzeug',
      categories: ['Bücher'],
      latitude: 52.49,
      longitude: 13.396,
    });
    expect(await screen.findByText(TOASTS.standRegistered)).toBeTruthy();
  });

  it('says a booked-up event puts the registration on the waitlist, and the toast names the place on it', async () => {
    const full = { ...event, maxStands: 10, freePlaces: 0 };
    mockAuthUser(participant, {
      '/api/stands': () =>
        json(makeStand({ eventId: event.id, exhibitorId: participant.id, status: 'waitlisted', isDraft: false, isApproved: false, waitlistPosition: 2 }), 201),
      '/api/geocode/reverse': { displayName: 'Bergmannstraße, Berlin' },
    });
    const onDone = vi.fn();
    renderWithProviders(<RegisterStandForm event={full} userId={participant.id} onDone={onDone} />);
    expect(screen.getByText(/Der Flohmarkt ist ausgebucht: Eine neue Anmeldung kommt auf die Warteliste/)).toBeTruthy();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Punkt nah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' })));
    expect(screen.getByText('Der Flohmarkt ist ausgebucht: Warteliste, Platz 2. Wird ein Platz frei, rückst du von selbst nach.')).toBeTruthy();
  });

  it('with free places says nothing about a waitlist', () => {
    setup();
    expect(screen.queryByText(/Warteliste/)).toBeNull();
  });

  it('tells the registration deadline above the fields (issue 30)', () => {
    mockAuthUser(participant, {});
    const withDeadline = makeEvent({ id: event.id, allowStandRegistration: true, registrationDeadline: '2026-06-12T16:00:00.000Z' });
    renderWithProviders(<RegisterStandForm event={withDeadline} userId={participant.id} onDone={vi.fn()} />);
    expect(screen.getByText('Anmeldung bis Fr 12.06., 18:00 Uhr')).toBeTruthy();
  });

  it('stops the stand number or name at the server’s 50 characters while typing, instead of refusing it after the submit', () => {
    mockAuthUser(participant);
    renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Standnummer oder -name').getAttribute('maxlength')).toBe('50');
  });

  it('says what "Vorname und Initiale" shows and that the stand search still finds the whole last name', () => {
    mockAuthUser(participant);
    renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
    const names = screen.getByRole('group', { name: 'Name für Besucher' });
    expect(names.textContent).toContain('Die Seiten zeigen zum Beispiel „Erika M.“; die Standsuche des Flohmarkts findet dich auch über deinen Nachnamen.');
    expect(names.textContent).toContain('Nur die Standnummer');
  });

  it('starts a new registration from the withdrawn stand: details, categories, position and privacy choice (issue 30)', async () => {
    mockAuthUser(participant, {
      '/api/stands': () => json(makeStand({ eventId: event.id, exhibitorId: participant.id, status: 'pending' }), 201),
      '/api/geocode/reverse': { displayName: 'Bergmannstraße, Berlin' },
    });
    const fetchMock = vi.mocked(fetch);
    const earlier = makeStand({
      eventId: event.id,
      exhibitorId: participant.id,
      status: 'withdrawn',
      standNumber: '12',
      description: 'Schallplatten aus den Siebzigern',
      categories: ['Bücher'],
      latitude: '52.4900',
      longitude: '13.3960',
      locationPrecision: 'approximate',
      nameDisplay: 'number',
    });
    const onDone = vi.fn();
    renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={onDone} startFrom={earlier} />);
    expect(screen.getByText(/Angaben deines früheren Stands übernommen/)).toBeTruthy();
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('Schallplatten aus den Siebzigern');
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' })));
    const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST')!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      standNumber: '12',
      description: 'Schallplatten aus den Siebzigern',
      categories: ['Bücher'],
      latitude: 52.49,
      longitude: 13.396,
      locationPrecision: 'approximate',
      nameDisplay: 'number',
    });
  });

  it('uploads two photos chosen at once to the new stand, one after the other, before moving on (issue 30, S2)', async () => {
    const { onDone } = setup();
    const order: string[] = [];
    upload.mockImplementation(async (standId, body) => {
      order.push(`${standId} ${body.fileName}`);
      expect(onDone).not.toHaveBeenCalled();
      return { photos: [] };
    });
    fillValid();
    chooseFromGallery([jpeg('tisch.jpg'), jpeg('kiste.jpg')]);
    expect(screen.getByRole('group', { name: /^Fotos/ }).textContent).toContain('(2 von 3)');
    fireEvent.click(screen.getByRole('button', { name: 'Punkt nah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' })));
    expect(order).toEqual([`${NEW_STAND} tisch.jpg`, `${NEW_STAND} kiste.jpg`]);
  });

  it('keeps the registration when a photo fails: names the photo and why, and where to add it later (issue 30, S2)', async () => {
    const { onDone } = setup();
    upload.mockRejectedValueOnce(new ApiError('Das Foto ist zu groß. Bitte wähle ein kleineres Bild.', 400, {})).mockResolvedValue({ photos: [] });
    fillValid();
    chooseFromGallery([jpeg('riesig.jpg'), jpeg('klein.jpg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Punkt nah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    expect(
      await screen.findByText(/Dein Stand ist angemeldet\. Ein Foto konnte nicht hochgeladen werden; du kannst es später unter „Bearbeiten“/),
    ).toBeTruthy();
    expect(screen.getByText('„riesig.jpg“: Das Foto konnte nicht hochgeladen werden: Das Foto ist zu groß. Bitte wähle ein kleineres Bild.')).toBeTruthy();
    expect(screen.getByText('Hochgeladen ✓')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fotos jetzt hinzufügen' }).getAttribute('href')).toBe(`/stands/${NEW_STAND}/edit`);
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu deinem Stand' }));
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' }));
  });

  it('says „Stand angemeldet“ only once the photos are up, the focus staying on the busy button meanwhile', async () => {
    const { onDone, postCount } = setup();
    let uploaded: (() => void) | undefined;
    upload.mockImplementation(() => new Promise((resolve) => (uploaded = () => resolve({ photos: [] }))));
    fillValid();
    chooseFromGallery([jpeg('tisch.jpg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Punkt nah' }));
    const submit = screen.getByRole('button', { name: 'Stand anmelden' });
    submit.focus();
    fireEvent.click(submit);

    const busy = await screen.findByRole('button', { name: 'Fotos werden hochgeladen …' });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    // A disabled button would drop the focus to the page (browsers do, jsdom does not): it only says it is busy.
    expect(busy).toBe(submit);
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(busy);
    expect(screen.queryByText(TOASTS.standRegistered)).toBeNull();
    // A second press while busy sends nothing.
    fireEvent.click(busy);
    expect(postCount()).toBe(1);

    act(() => uploaded?.());
    expect(await screen.findByText(TOASTS.standRegistered)).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' }));
  });

  it('gives the focus to the notice when a photo failed, and says „Stand angemeldet“ only on „Weiter zu deinem Stand“', async () => {
    setup();
    upload.mockRejectedValue(new ApiError('Das Foto ist zu groß. Bitte wähle ein kleineres Bild.', 400, {}));
    fillValid();
    chooseFromGallery([jpeg('riesig.jpg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Punkt nah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    const notice = await screen.findByText(/^Dein Stand ist angemeldet\. Ein Foto konnte nicht hochgeladen werden/);
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByText(TOASTS.standRegistered)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu deinem Stand' }));
    expect(await screen.findByText(TOASTS.standRegistered)).toBeTruthy();
  });

  it("carries the withdrawn stand's photos over: shown as chosen, removable, and sent to the new stand (issue 30, S4)", async () => {
    const old = '00000002-0000-4000-8000-0000000000ee';
    const kept = `/api/media/stands/${old}/aaaa.jpg`;
    const dropped = `/api/media/stands/${old}/bbbb.jpg`;
    mockAuthUser(participant, {
      '/api/stands': () => json(makeStand({ id: NEW_STAND, eventId: event.id, exhibitorId: participant.id, status: 'pending' }), 201),
      [kept]: () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } }),
    });
    upload.mockResolvedValue({ photos: [] });
    const earlier = makeStand({
      id: old,
      eventId: event.id,
      exhibitorId: participant.id,
      status: 'withdrawn',
      description: 'Schallplatten aus den Siebzigern',
      categories: ['Bücher'],
      latitude: '52.4900',
      longitude: '13.3960',
      photos: [kept, dropped],
      photoStates: [
        { path: kept, state: 'ready' },
        { path: dropped, state: 'ready' },
      ],
    });
    const onDone = vi.fn();
    renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={onDone} startFrom={earlier} />);
    expect(screen.getByText(/Beschreibung, Kategorien, Fotos, Position und Sichtbarkeit/)).toBeTruthy();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      kept.replace('.jpg', '.thumb.jpg'),
      dropped.replace('.jpg', '.thumb.jpg'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 2 entfernen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'registered' })));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0]).toBe(NEW_STAND);
    expect(upload.mock.calls[0]![1]).toMatchObject({ fileName: 'aaaa.jpg', photoData: expect.stringMatching(/^data:image\/jpeg;base64,/) });
  });

  describe('an address typed without a point', () => {
    const STREET_FOUND = BERGMANNSTRASSE_12;
    const PLACE_ONLY = {
      ...STREET_FOUND,
      displayName: '10961 Berlin',
      lat: 52.52437,
      lng: 13.41053,
      placeId: 'postcode-10961',
      address: { ...STREET_FOUND.address, street: null, houseNumber: null },
    };

    function typeAddress() {
      fireEvent.change(screen.getByLabelText('Straße'), { target: { value: 'Bergmannstraße' } });
      fireEvent.change(screen.getByLabelText('Hausnummer'), { target: { value: '12' } });
      fireEvent.change(screen.getByLabelText('PLZ'), { target: { value: '10961' } });
      fireEvent.change(screen.getByLabelText('Ort'), { target: { value: 'Berlin' } });
    }

    function setupWithSearch(found: unknown[]) {
      const searched: string[] = [];
      mockAuthUser(participant, {
        '/api/stands': () => json(makeStand({ id: NEW_STAND, eventId: event.id, exhibitorId: participant.id, status: 'pending' }), 201),
        '/api/geocode': (url: URL) => {
          searched.push(url.searchParams.get('q') ?? '');
          return found;
        },
      });
      const fetchMock = vi.mocked(fetch);
      renderWithProviders(<RegisterStandForm event={event} userId={participant.id} onDone={vi.fn()} />);
      const posted = () =>
        fetchMock.mock.calls
          .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
          .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
      return { searched, posted };
    }

    it('is looked up on „Stand anmelden“: the point goes where it was found and the form waits for a look, the second press sends it there', async () => {
      const { searched, posted } = setupWithSearch([STREET_FOUND]);
      fillValid();
      typeAddress();
      fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

      const notice = await screen.findByText(/^Der Punkt auf der Karte steht jetzt bei Bergmannstraße 12, 10961 Berlin/);
      expect(notice.getAttribute('role')).toBe('status');
      expect(notice.textContent).toContain('tippe noch einmal auf „Stand anmelden“');
      expect(searched).toEqual(['Bergmannstraße 12, 10961 Berlin']);
      expect(posted()).toEqual([]);

      fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));
      await waitFor(() => expect(posted()).toHaveLength(1));
      expect(posted()[0]).toMatchObject({ latitude: 52.4889, longitude: 13.3958, address: { street: 'Bergmannstraße', houseNumber: '12' } });
      expect(searched).toHaveLength(1);
    });

    it('found only as its town, sets no point there and asks for one as before', async () => {
      const { posted } = setupWithSearch([PLACE_ONLY]);
      fillValid();
      typeAddress();
      fireEvent.click(screen.getByRole('button', { name: 'Stand anmelden' }));

      await waitFor(() => expect(screen.getByRole('group', { name: /Standort auf der Karte/ }).getAttribute('data-invalid')).toBe('true'));
      expect(screen.queryByText(/^Der Punkt auf der Karte steht jetzt/)).toBeNull();
      expect(screen.getByText('Noch kein Standort ausgewählt.')).toBeTruthy();
      expect(posted()).toEqual([]);
    });
  });
});
