import type { TMyEvent } from '@flohmarkt/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MarketDayLinksCard } from './MarketDayLinksCard';

const eventId = '00000001-0000-4000-8000-000000000036';

describe('MarketDayLinksCard (issue 36)', () => {
  it('gives the organiser the market day and the team', () => {
    renderWithProviders(<MarketDayLinksCard eventId={eventId} role="organizer" />);
    expect(screen.getByRole('link', { name: 'Markttag' }).getAttribute('href')).toBe(`/events/${eventId}/markttag`);
    expect(screen.getByRole('link', { name: 'Team' }).getAttribute('href')).toBe(`/events/${eventId}/team`);
  });

  it('names a co-organiser’s role and gives both', () => {
    renderWithProviders(<MarketDayLinksCard eventId={eventId} role="co-organizer" />);
    expect(screen.getByText('Du bist Mitveranstalter:in bei diesem Flohmarkt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Team' })).toBeTruthy();
  });

  it('gives a helper only the market day', () => {
    renderWithProviders(<MarketDayLinksCard eventId={eventId} role="helper" />);
    expect(screen.getByRole('link', { name: 'Markttag' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
  });
});

describe('the event page by the caller’s part in the market (issue 36)', () => {
  const event = makeEvent({ id: eventId, organizerId: '00000009-0000-4000-8000-000000000001', name: 'Hofflohmarkt Kreuzberg' });
  const asMine = (teamRole: TMyEvent['teamRole']): TMyEvent => ({
    ...event,
    counts: { approved: 3, pending: 1, waitlisted: 0, rejected: 0, freePlaces: null },
    teamRole,
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a co-organiser the organiser’s tools and the way to the team', async () => {
    mockAuthUser(participant, { [`/api/events/${eventId}`]: event, [`/api/events/${eventId}/stands`]: [], '/api/me/events': [asMine('co-organizer')] });
    renderApp(`/events/${eventId}`);
    const card = await screen.findByRole('region', { name: 'Markttag und Team' }, { timeout: 10_000 });
    expect(within(card).getByRole('link', { name: 'Team' })).toBeTruthy();
    expect(within(card).getByText('Du bist Mitveranstalter:in bei diesem Flohmarkt.')).toBeTruthy();
  });

  it('shows a helper only the market day’s link', async () => {
    mockAuthUser(participant, { [`/api/events/${eventId}`]: event, [`/api/events/${eventId}/stands`]: [], '/api/me/events': [asMine('helper')] });
    renderApp(`/events/${eventId}`);
    const card = await screen.findByRole('region', { name: 'Markttag und Team' }, { timeout: 10_000 });
    expect(within(card).getByRole('link', { name: 'Markttag' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Deine Übersicht' })).toBeNull();
  });

  it('shows a visitor without a part neither', async () => {
    mockAuthUser(participant, { [`/api/events/${eventId}`]: event, [`/api/events/${eventId}/stands`]: [], '/api/me/events': [] });
    renderApp(`/events/${eventId}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Hofflohmarkt Kreuzberg/ }, { timeout: 10_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Markttag und Team' })).toBeNull();
  });
});
