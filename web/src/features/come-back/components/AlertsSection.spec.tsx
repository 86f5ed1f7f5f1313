import type { TAlert } from '@flohmarkt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => null, StandMap: () => null, LandingMap: () => null }));

const base: Omit<TAlert, 'id' | 'query' | 'categories'> = { lat: 50.94, lng: 6.96, radiusKm: 10, label: 'Köln', createdAt: '2026-11-20T10:00:00.000Z' };
const wish: TAlert = { ...base, id: '00000000-0000-4000-8000-0000000000a1', categories: [], query: 'Kinderfahrrad' };
const plain: TAlert = { ...base, id: '00000000-0000-4000-8000-0000000000a2', categories: ['Bücher'], query: null, radiusKm: 5 };

describe('the alerts on /settings with a wish alert (issue 35)', () => {
  it('reads a wish alert as „Suchauftrag: „…“ · 10 km um Köln“ and a plain alert as before', async () => {
    mockAuthUser(participant, { '/api/me/alerts': [wish, plain], '/api/me/follows': { organizers: [] } });
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Deine Flohmarkt-Alarme' }, { timeout: 10_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Suchauftrag: „Kinderfahrrad“ · 10 km um Köln')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Löschen: Suchauftrag „Kinderfahrrad“' })).toBeTruthy();
    expect(within(second!).queryByText(/Suchauftrag/)).toBeNull();
    expect(within(second!).getByText('Köln')).toBeTruthy();
    expect(within(second!).getByText('Umkreis 5 km · Auch Stände mit: Bücher')).toBeTruthy();
  });

  it('scrolls to its heading when linked as /settings#alerts-title (from a search already saved)', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      mockAuthUser(participant, { '/api/me/alerts': [wish], '/api/me/follows': { organizers: [] } });
      renderApp('/settings#alerts-title');
      await screen.findByRole('list', { name: 'Deine Flohmarkt-Alarme' }, { timeout: 10_000 });
      await waitFor(() => expect(scrolled.map((e) => e.id)).toEqual(['alerts-title']));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
