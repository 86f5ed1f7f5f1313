import type { TStandOverview } from '@flohmarkt/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { StandOverviewCard } from './StandOverviewCard';

const eventId = '00000001-0000-4000-8000-0000000000f0';

function show(overview: TStandOverview) {
  mockAuthUser(participant, { [`/api/events/${eventId}/stand-overview`]: overview });
  renderWithProviders(<StandOverviewCard eventId={eventId} />);
}

const counter = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('StandOverviewCard', () => {
  it('shows the counters, the free places of the cap and the stands by area, the thinnest first', async () => {
    show({
      approved: 6,
      pending: 2,
      waitlisted: 3,
      rejected: 1,
      maxStands: 10,
      freePlaces: 2,
      areas: [
        { name: 'Bereich 2', kind: 'cell', latitude: 52.49, longitude: 13.39, approved: 1, pending: 0 },
        { name: 'Bereich 1', kind: 'cell', latitude: 52.491, longitude: 13.39, approved: 4, pending: 2 },
      ],
      withoutPosition: 1,
    });
    const card = await screen.findByRole('region', { name: 'Deine Übersicht' });
    expect(counter(card, 'Genehmigt')).toBe('6');
    expect(counter(card, 'Wartend')).toBe('2');
    expect(counter(card, 'Warteliste')).toBe('3');
    expect(counter(card, 'Freie Plätze')).toBe('2 von 10');
    const rows = within(within(card).getByRole('table')).getAllByRole('row').slice(1);
    expect(within(card).getByRole('heading', { name: 'Stände nach Bereich' })).toBeTruthy();
    expect(within(card).getByRole('columnheader', { name: 'Bereich' })).toBeTruthy();
    expect(rows.map((r) => r.textContent)).toEqual(['Bereich 210', 'Bereich 142']);
    expect(within(card).getByText('1 Stand ohne Standort')).toBeTruthy();
  });

  it('without a cap says so instead of a number of free places', async () => {
    show({ approved: 0, pending: 0, waitlisted: 0, rejected: 0, maxStands: null, freePlaces: null, areas: [], withoutPosition: 0 });
    const card = await screen.findByRole('region', { name: 'Deine Übersicht' });
    expect(counter(card, 'Freie Plätze')).toBe('unbegrenzt');
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('shows the five thinnest areas, the rest on request', async () => {
    const areas = Array.from({ length: 7 }, (_, i) => ({
      name: `Bereich ${i + 1}`,
      kind: 'cell' as const,
      latitude: 52.49,
      longitude: 13.39 + i / 1000,
      approved: i,
      pending: 0,
    }));
    show({ approved: 21, pending: 0, waitlisted: 0, rejected: 0, maxStands: null, freePlaces: null, areas, withoutPosition: 0 });
    const card = await screen.findByRole('region', { name: 'Deine Übersicht' });
    const [first, rest] = within(card).getAllByRole('table', { hidden: true });
    expect(
      within(first!)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.firstChild?.textContent),
    ).toEqual(['Bereich 1', 'Bereich 2', 'Bereich 3', 'Bereich 4', 'Bereich 5']);
    expect(within(card).getByText('Alle 7 Bereiche ansehen')).toBeTruthy();
    expect(
      within(rest!)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((r) => r.firstChild?.textContent),
    ).toEqual(['Bereich 6', 'Bereich 7']);
  });

  it('names the streets where the server knows them, and no grid cells then', async () => {
    show({
      approved: 3,
      pending: 1,
      waitlisted: 0,
      rejected: 0,
      maxStands: null,
      freePlaces: null,
      withoutPosition: 0,
      areas: [
        { name: 'Solmsstraße', kind: 'street', latitude: 52.4882, longitude: 13.393, approved: 1, pending: 0 },
        { name: 'Bergmannstraße', kind: 'street', latitude: 52.4896, longitude: 13.3942, approved: 2, pending: 1 },
      ],
    });
    const card = await screen.findByRole('region', { name: 'Deine Übersicht' });
    expect(within(card).getByRole('heading', { name: 'Stände nach Straße' })).toBeTruthy();
    expect(within(card).getByRole('columnheader', { name: 'Straße' })).toBeTruthy();
    const rows = within(within(card).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Solmsstraße10', 'Bergmannstraße21']);
    expect(within(card).getByText('Die dünnsten Straßen zuerst.')).toBeTruthy();
    expect(within(card).queryByText(/Bereich/)).toBeNull();
  });

  it('says which stands are still in grid cells when only some streets are known', async () => {
    show({
      approved: 2,
      pending: 0,
      waitlisted: 0,
      rejected: 0,
      maxStands: null,
      freePlaces: null,
      withoutPosition: 0,
      areas: [
        { name: 'Bereich 1', kind: 'cell', latitude: 52.487, longitude: 13.399, approved: 1, pending: 0 },
        { name: 'Bergmannstraße', kind: 'street', latitude: 52.4896, longitude: 13.3942, approved: 1, pending: 0 },
      ],
    });
    const card = await screen.findByRole('region', { name: 'Deine Übersicht' });
    expect(within(card).getByRole('columnheader', { name: 'Straße oder Bereich' })).toBeTruthy();
    expect(within(card).getByText(/deren Straße noch nicht bekannt ist/)).toBeTruthy();
  });
});
