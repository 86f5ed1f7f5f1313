import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ItemSearchNearLink } from './ItemSearchNearLink';

function linkFor(event: { location: string; latitude: string | null; longitude: string | null }): URL {
  render(
    <MemoryRouter>
      <ItemSearchNearLink event={event} />
    </MemoryRouter>,
  );
  return new URL(screen.getByRole('link', { name: 'In der Nähe nach Dingen suchen' }).getAttribute('href')!, 'http://localhost');
}

describe('the market page’s way into the item search', () => {
  it('opens the search set to the market’s place and point', () => {
    const url = linkFor({ location: 'Wilhelmplatz, Köln', latitude: '50.96000000', longitude: '6.95000000' });
    expect(url.pathname).toBe('/suche');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ort: 'Wilhelmplatz, Köln', lat: '50.96', lng: '6.95', umkreis: '10' });
  });

  it('without a point takes the address along, for the search to look it up', () => {
    const url = linkFor({ location: 'Wilhelmplatz, Köln', latitude: null, longitude: null });
    expect(Object.fromEntries(url.searchParams)).toEqual({ ort: 'Wilhelmplatz, Köln', umkreis: '10' });
  });
});
