import { LIMITS, SCREENS } from '@flohmarkt/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockAuthUser } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AddressSearch } from './AddressSearch';

afterEach(() => vi.useRealTimers());

function Harness({ onSelect, nothingFoundHint }: { onSelect: (r: unknown) => void; nothingFoundHint?: string }) {
  const [value, setValue] = useState('');
  return <AddressSearch id="location" label="Ort" value={value} onValueChange={setValue} onSelect={onSelect} nothingFoundHint={nothingFoundHint} />;
}

const hits = [
  { displayName: 'Köln, Nordrhein-Westfalen', lat: 50.94, lng: 6.96, placeId: '1' },
  { displayName: 'Köln-Porz, Köln', lat: 50.88, lng: 7.06, placeId: '2' },
];

async function type(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Ort' }), { target: { value: text } });
  await act(async () => {
    vi.advanceTimersByTime(LIMITS.addressSearchDebounceMs);
  });
}

describe('AddressSearch', () => {
  it('searches from 3 characters after 300 ms, with limit 5, and takes a result with the keyboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockAuthUser(null, { '/api/geocode': (url: URL) => (url.searchParams.get('q') === 'Köl' ? hits : []) });
    const onSelect = vi.fn();
    renderWithProviders(<Harness onSelect={onSelect} />);

    await type('Kö');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/geocode'))).toBe(false);

    await type('Köl');
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/api/geocode'))![0]), 'http://x');
    expect(url.searchParams.get('limit')).toBe('5');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(hits.map((h) => h.displayName));

    const input = screen.getByRole('combobox', { name: 'Ort' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(hits[1]);
  });

  it('goes round the list with the arrow keys: ArrowUp first takes the last result, ArrowDown after it the first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockAuthUser(null, { '/api/geocode': [...hits, { displayName: 'Kölner Straße, Bonn', lat: 50.73, lng: 7.1, placeId: '3' }] });
    const onSelect = vi.fn();
    renderWithProviders(<Harness onSelect={onSelect} />);
    await type('Köl');
    const options = await screen.findAllByRole('option');
    const input = screen.getByRole('combobox', { name: 'Ort' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.mouseDown(options[1]!);
    expect(onSelect).toHaveBeenCalledWith(hits[1]);
  });

  it("says 'Keine Adressen gefunden' when nothing matches", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockAuthUser(null, { '/api/geocode': [] });
    renderWithProviders(<Harness onSelect={vi.fn()} />);
    await type('Xyzzy');
    expect(await screen.findByText(SCREENS.noAddressesFound)).toBeTruthy();
  });

  it('says what to do instead when nothing matches, where the form has another way (the stand address’s fields)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockAuthUser(null, { '/api/geocode': [] });
    renderWithProviders(<Harness onSelect={vi.fn()} nothingFoundHint="Trag die Adresse unten ein." />);
    await type('Schönhauser Allee 12');
    const status = await screen.findByText(SCREENS.noAddressesFound, { exact: false });
    expect(status.textContent).toBe(`${SCREENS.noAddressesFound} Trag die Adresse unten ein.`);
  });
});
