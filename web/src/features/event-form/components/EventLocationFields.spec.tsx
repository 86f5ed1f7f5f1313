import type { TGeocodeResult } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EMPTY_EVENT_VALUES } from '../lib/event-form-values';
import { EventForm } from './EventForm';
import { POINT_KEPT_NOTICE } from './EventLocationFields';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

const filled = { ...EMPTY_EVENT_VALUES, name: 'Hofflohmarkt', startDateTime: '2030-06-01T08:00', endDateTime: '2030-06-01T15:00' };

// The offline search for an address whose street it does not know: the postcode, at the middle of Berlin.
const POSTCODE_ONLY: TGeocodeResult = {
  displayName: '10969 Berlin',
  lat: 52.52437,
  lng: 13.41053,
  placeId: 'postcode-10969',
  address: { street: null, houseNumber: null, postcode: '10969', town: 'Berlin' },
};
const STREET: TGeocodeResult = {
  displayName: 'Bergmannstraße 12, 10961 Berlin',
  lat: 52.4889,
  lng: 13.3958,
  placeId: 'street-1',
  address: { street: 'Bergmannstraße', houseNumber: '12', postcode: '10961', town: 'Berlin' },
};

function renderForm(answer: TGeocodeResult[]) {
  const onSubmit = vi.fn();
  mockAuthUser(participant, { '/api/geocode': answer });
  renderWithProviders(<EventForm mode="create" initial={filled} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={onSubmit} />);
  return onSubmit;
}

async function choose(typed: string, option: string) {
  fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: typed } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: option }));
}

const NOTICE = 'Nur der Ort gefunden: Der Punkt steht in der Mitte von Berlin. Setz ihn auf der Karte an die Stelle, wo der Flohmarkt stattfindet.';

describe('EventLocationFields', () => {
  it('says plainly that a postcode result puts the point only in the middle of the place, and still saves', async () => {
    const onSubmit = renderForm([POSTCODE_ONLY]);
    await choose('Friedrichstraße 20, 10969 Berlin', '10969 Berlin');

    const notice = screen.getByText(NOTICE);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // Saving is not blocked: the server's rule about a far point (issue 30) stays the only check.
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ location: 'Friedrichstraße 20, 10969 Berlin', latitude: 52.52437, longitude: 13.41053 });
  });

  it('takes the notice back when the point is removed, and says nothing for a found street address', async () => {
    renderForm([POSTCODE_ONLY, STREET]);
    await choose('Friedrichstraße 20, 10969 Berlin', '10969 Berlin');
    expect(screen.getByText(NOTICE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Standort entfernen' }));
    expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();

    await choose('Bergmannstraße 12', 'Bergmannstraße 12, 10961 Berlin');
    expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();
  });

  it('tells how to set the point in du-form, for finger and mouse alike', () => {
    renderForm([]);
    expect(screen.getByText('Wähle den Standort direkt auf der Karte oder übernimm die Kartenmitte.')).toBeTruthy();
    expect(screen.queryByText(/Klicken Sie/)).toBeNull();
  });

  it('names the point of a saved market by its location, as when it was chosen (not by its coordinates)', () => {
    mockAuthUser(participant, {});
    const saved = { ...filled, location: 'Köln, Nordrhein-Westfalen', point: { lat: 50.9333, lng: 6.95 } };
    renderWithProviders(<EventForm mode="edit" initial={saved} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={vi.fn()} />);
    expect(document.querySelector('.location-picker__selected')?.textContent).toBe('Ausgewählter Standort: Köln, Nordrhein-Westfalen');
  });

  function renderSaved(location: string, point: { lat: number; lng: number }, answer: TGeocodeResult[]) {
    const fetchMock = mockAuthUser(participant, { '/api/geocode': answer });
    const saved = { ...filled, location, point };
    renderWithProviders(<EventForm mode="edit" initial={saved} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={vi.fn()} />);
    return fetchMock;
  }
  const selected = () => document.querySelector('.location-picker__selected')?.textContent;

  it('says of a saved point at the place’s middle that it is only there, and names the place, not the typed street', async () => {
    renderSaved('Friedrichstraße 20, 10969 Berlin', { lat: POSTCODE_ONLY.lat, lng: POSTCODE_ONLY.lng }, [POSTCODE_ONLY]);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(selected()).toBe('Ausgewählter Standort: 10969 Berlin');

    // Typed over by hand: nothing was searched, the point stays, and that is what is said.
    fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: 'Weserstraße 55, 12045 Berlin' } });
    expect(await screen.findByText(POINT_KEPT_NOTICE)).toBeTruthy();
    expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();
  });

  it('keeps the saved location as the label of a point set with care, and says nothing more', async () => {
    const fetchMock = renderSaved('Bergmannstraße 12, 10961 Berlin', { lat: 52.48901, lng: 13.39577 }, [POSTCODE_ONLY]);
    // The saved text, found only as the place, stands elsewhere than the point: the point was set by hand.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/geocode?'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(selected()).toBe('Ausgewählter Standort: Bergmannstraße 12, 10961 Berlin');
    expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();
    expect(screen.queryByText(POINT_KEPT_NOTICE)).toBeNull();
  });

  it('says the point stays when the address is changed by hand, until a suggestion sets it anew', async () => {
    renderSaved('Bergmannstraße 12, 10961 Berlin', { lat: 52.48901, lng: 13.39577 }, [STREET]);
    const field = screen.getByRole('combobox', { name: /^Ort \/ Adresse/ });
    fireEvent.change(field, { target: { value: 'Marheinekeplatz 15, 10961 Berlin' } });
    expect(await screen.findByText(POINT_KEPT_NOTICE)).toBeTruthy();
    // Typed back as it was saved: the point is that text's again.
    fireEvent.change(field, { target: { value: 'Bergmannstraße  12, 10961 Berlin ' } });
    expect(screen.queryByText(POINT_KEPT_NOTICE)).toBeNull();

    await choose('Bergmannstraße 12', 'Bergmannstraße 12, 10961 Berlin');
    expect(screen.queryByText(POINT_KEPT_NOTICE)).toBeNull();
    expect(selected()).toBe('Ausgewählter Standort: Bergmannstraße 12, 10961 Berlin');
  });

  it('says nothing of a kept point on a new market whose point the save looked up', async () => {
    renderForm([POSTCODE_ONLY]);
    fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: 'Friedrichstraße 20, 10969 Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Nur der Ort gefunden/)).toBeTruthy();
    expect(screen.queryByText(POINT_KEPT_NOTICE)).toBeNull();
  });
});
