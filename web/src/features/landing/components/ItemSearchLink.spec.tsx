import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, renderApp } from '@/testing/render-app';

describe('the way from the landing search to the item search (issue 35)', () => {
  it('takes the place searched on the landing page along, with its point', async () => {
    mockAuthUser(null, { '/api/geocode': [{ placeId: 'p1', displayName: 'Köln', lat: 50.94, lng: 6.96 }], '/api/events': [] });
    renderApp('/?ort=K%C3%B6ln');
    const link = screen.getByRole('link', { name: 'Nach Dingen suchen' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/suche?ort=K%C3%B6ln&lat=50.94&lng=6.96'));
  });

  it('without a place opens the empty search', () => {
    mockAuthUser(null, { '/api/events': [] });
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Nach Dingen suchen' }).getAttribute('href')).toBe('/suche');
  });
});
