import type { TGeocodeResult, TLatLng } from '@flohmarkt/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockAuthUser } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EMPTY_ADDRESS, StandAddressFields, type StandAddressValues } from './StandAddressFields';

/** The fields as a stand form holds them, with the point it shows on its map. */
function Harness({ initialPoint = null }: { initialPoint?: TLatLng | null }) {
  const [value, setValue] = useState<StandAddressValues>(EMPTY_ADDRESS);
  const [point, setPoint] = useState<TLatLng | null>(initialPoint);
  return (
    <>
      <StandAddressFields value={value} onChange={setValue} onPoint={setPoint} point={point} />
      <p>Punkt: {point ? `${point.lat}, ${point.lng}` : 'keiner'}</p>
      <button type="button" onClick={() => setPoint({ lat: 52.5015, lng: 13.3911 })}>
        Auf der Karte setzen
      </button>
    </>
  );
}

// What the offline search answers for a Berlin address whose street it does not know yet: the postcode,
// at the middle of Berlin (the postcode data have no coordinates of their own).
const POSTCODE_ONLY: TGeocodeResult = {
  displayName: '10963 Berlin',
  lat: 52.52437,
  lng: 13.41053,
  placeId: 'postcode-10963',
  address: { street: null, houseNumber: null, postcode: '10963', town: 'Berlin' },
};
const STREET: TGeocodeResult = {
  displayName: 'Hohe Straße 12, 50667 Köln',
  lat: 50.9375,
  lng: 6.9565,
  placeId: 'street-1',
  address: { street: 'Hohe Straße', houseNumber: '12', postcode: '50667', town: 'Köln' },
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const search = () => screen.getByRole('combobox', { name: 'Adresse suchen' }) as HTMLInputElement;

async function searchAndChoose(text: string, option: string) {
  fireEvent.change(search(), { target: { value: text } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: option }));
}

describe('StandAddressFields', () => {
  it('fills PLZ and Ort from a result that is only the postcode, keeps the typed street, puts the focus on Straße and says that only the place was found', async () => {
    mockAuthUser(null, { '/api/geocode': [POSTCODE_ONLY] });
    renderWithProviders(<Harness />);

    await searchAndChoose('Wilhelmstraße 7, 10963 Berlin', '10963 Berlin');

    expect(field('PLZ').value).toBe('10963');
    expect(field('Ort').value).toBe('Berlin');
    expect(field('Straße').value).toBe('Wilhelmstraße');
    expect(field('Hausnummer').value).toBe('7');
    expect(document.activeElement).toBe(field('Straße'));
    // The typed address was not found: it does not stay in the box as if it were.
    expect(search().value).toBe('');
    const notice = screen.getByText(/Nur der Ort gefunden/);
    expect(notice.textContent).toBe(
      'Nur der Ort gefunden, nicht die Adresse: Der Punkt steht in der Mitte von Berlin. Straße und Hausnummer sind aus deiner Suche übernommen; setz den Punkt auf der Karte an die richtige Stelle.',
    );
    // Announced politely, not as an alert.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Punkt: 52.52437, 13.41053')).toBeTruthy();
  });

  it('asks for the street when only the postcode was searched, and never overwrites a street typed into its field', async () => {
    mockAuthUser(null, { '/api/geocode': [POSTCODE_ONLY] });
    renderWithProviders(<Harness />);
    await searchAndChoose('10963', '10963 Berlin');
    expect([field('Straße').value, field('Hausnummer').value]).toEqual(['', '']);
    expect(screen.getByText(/Nur der Ort gefunden/).textContent).toContain('Trag Straße und Hausnummer ein');

    fireEvent.change(field('Straße'), { target: { value: 'Friedrichstraße' } });
    await searchAndChoose('Wilhelmstraße 7, 10963 Berlin', '10963 Berlin');
    expect([field('Straße').value, field('Hausnummer').value]).toEqual(['Friedrichstraße', '']);
  });

  it('takes the notice back once the point was set on the map', async () => {
    mockAuthUser(null, { '/api/geocode': [POSTCODE_ONLY] });
    renderWithProviders(<Harness />);
    await searchAndChoose('Wilhelmstraße 7, 10963 Berlin', '10963 Berlin');
    expect(screen.getByText(/Nur der Ort gefunden/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Auf der Karte setzen' }));
    expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();
    expect(field('PLZ').value).toBe('10963');
  });

  it('fills all four fields from a found street address and says nothing more', async () => {
    mockAuthUser(null, { '/api/geocode': [STREET] });
    renderWithProviders(<Harness />);

    await searchAndChoose('Hohe Straße 12, Köln', 'Hohe Straße 12, 50667 Köln');

    expect([field('Straße').value, field('Hausnummer').value, field('PLZ').value, field('Ort').value]).toEqual(['Hohe Straße', '12', '50667', 'Köln']);
    expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();
    expect(screen.getByText('Punkt: 50.9375, 6.9565')).toBeTruthy();
  });
});
