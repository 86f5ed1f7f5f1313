import type { TMyEvent } from '@flohmarkt/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';

const myEvent = (overrides: Partial<TMyEvent>): TMyEvent => ({
  ...makeEvent({ organizerId: participant.id }),
  counts: { approved: 0, pending: 0, waitlisted: 0, rejected: 0, freePlaces: null },
  ...overrides,
});

const soon = myEvent({
  id: '00000001-0000-4000-8000-0000000000e1',
  name: 'Hofflohmarkt Südstadt',
  location: 'Severinstraße 1, 50678 Köln',
  startDateTime: '2031-06-07T06:00:00.000Z',
  endDateTime: '2031-06-07T14:00:00.000Z',
  phase: 'upcoming',
  maxStands: 1300,
  freePlaces: 12,
  counts: { approved: 1250, pending: 5, waitlisted: 1, rejected: 3, freePlaces: 12 },
});
const past = myEvent({
  id: '00000001-0000-4000-8000-0000000000e2',
  name: 'Nachtflohmarkt 2024',
  startDateTime: '2024-08-10T16:00:00.000Z',
  endDateTime: '2024-08-10T22:00:00.000Z',
  phase: 'ended',
  counts: { approved: 17, pending: 0, waitlisted: 0, rejected: 0, freePlaces: null },
});

function rowOf(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('li')!;
}

describe('/my-events "Meine Flohmärkte" (issue 30)', () => {
  it('lists my markets with date, place and counters, upcoming first, each with a direct way to its review list', async () => {
    mockAuthUser(participant, { '/api/me/events': [soon, past] });
    renderApp('/my-events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Flohmärkte' }, { timeout: 5000 })).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Kommende Flohmärkte' });
    const earlier = screen.getByRole('region', { name: 'Vergangene Flohmärkte' });
    expect(within(upcoming).getByRole('link', { name: 'Hofflohmarkt Südstadt' })).toBeTruthy();
    expect(within(earlier).getByRole('link', { name: 'Nachtflohmarkt 2024' })).toBeTruthy();

    const row = rowOf('Hofflohmarkt Südstadt');
    expect(row.textContent).toContain('Sa 07.06.2031 · 08:00–16:00 Uhr');
    expect(row.textContent).toContain('Severinstraße 1, 50678 Köln');
    const counter = (label: string) => within(row).getByText(label).nextElementSibling?.textContent;
    expect(counter('Genehmigt')).toBe('1.250');
    expect(counter('Wartend')).toBe('5');
    expect(counter('Warteliste')).toBe('1');
    expect(counter('Freie Plätze')).toBe('12 von 1.300');
    expect(within(row).getByRole('link', { name: 'Anmeldungen prüfen (6)' }).getAttribute('href')).toBe(`/events/${soon.id}#anmeldungen`);
    expect(within(row).getByRole('link', { name: 'Bearbeiten' }).getAttribute('href')).toBe(`/events/${soon.id}/edit`);

    const old = rowOf('Nachtflohmarkt 2024');
    expect(within(old).getByText('Freie Plätze').nextElementSibling?.textContent).toBe('ohne Begrenzung');
    expect(within(old).getByRole('link', { name: 'Anmeldungen prüfen' }).getAttribute('href')).toBe(`/events/${past.id}#anmeldungen`);
  });

  it('without a market says so and leads to creating one', async () => {
    mockAuthUser(participant, { '/api/me/events': [] });
    renderApp('/my-events');
    expect(await screen.findByText('Du veranstaltest noch keinen Flohmarkt.', undefined, { timeout: 5000 })).toBeTruthy();
    const empty = screen.getByText('Du veranstaltest noch keinen Flohmarkt.').parentElement!;
    expect(within(empty).getByRole('link', { name: 'Flohmarkt erstellen' }).getAttribute('href')).toBe('/create-event');
  });

  it('asks a signed-out visitor to sign in and asks the server nothing', async () => {
    const fetchMock = mockAuthUser(null);
    renderApp('/my-events');
    expect(await screen.findByRole('link', { name: /Anmelden/ }, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/me/events'))).toEqual([]);
  });
});
