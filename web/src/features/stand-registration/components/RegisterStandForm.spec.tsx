import { TOASTS, VALIDATION } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { RegisterStandForm } from './RegisterStandForm';

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

afterEach(() => act(() => resetToasts()));

function setup() {
  mockAuthUser(participant, {
    '/api/stands': () => json(makeStand({ eventId: event.id, exhibitorId: participant.id, status: 'pending' }), 201),
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
});
