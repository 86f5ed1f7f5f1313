import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStand } from '@/testing/fixtures';
import { mockAuthUser } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FAVOURITES_STORAGE_KEY } from '../lib/favourite-store';
import { FavouriteButton } from './FavouriteButton';
import { MerklisteLink } from './MerklisteLink';

describe('MerklisteLink', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("counts the market's stands kept, named as stands beside the market's own heart", () => {
    const stands = [makeStand({ id: 'stand-a' }), makeStand({ id: 'stand-b' })];
    // The market kept, one of its stands and a stand elsewhere.
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-b', 'stand-elsewhere'], events: ['event-1'] }));
    mockAuthUser(null);
    renderWithProviders(
      <>
        <FavouriteButton kind="events" id="event-1" label="Hofflohmarkt" />
        <MerklisteLink eventId="event-1" stands={stands} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Hofflohmarkt merken' }).textContent).toBe('Gemerkt');
    const link = screen.getByRole('link', { name: 'Gemerkte Stände (1) · Meine Runde planen' });
    expect(link.getAttribute('href')).toBe('/events/event-1/merkliste');
  });
});
