import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));
vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001', role: 'organizer' as const };

describe('/events/:id/edit: Markt absagen (issue 17)', () => {
  it('cancels after a confirmation with the reason, then the event page shows Abgesagt', async () => {
    let event = makeEvent({ organizerId: organiser.id });
    const fetchMock = mockAuthUser(organiser, {
      [`/api/events/${event.id}`]: () => event,
      [`/api/events/${event.id}/stands`]: [],
      [`/api/events/${event.id}/draft-stands`]: [],
      [`/api/events/${event.id}/cancel`]: (_url: URL, init?: RequestInit) => {
        const { reason } = JSON.parse(String(init?.body)) as { reason: string };
        event = { ...event, status: 'cancelled', phase: 'cancelled', cancelReason: reason || null };
        return json(event);
      },
    });
    renderApp(`/events/${event.id}/edit`);
    const section = await screen.findByRole('region', { name: 'Markt absagen' }, { timeout: 5000 });
    fireEvent.click(within(section).getByRole('button', { name: 'Markt absagen' }));
    const dialog = screen.getByRole('dialog', { name: 'Markt wirklich absagen?' });
    fireEvent.change(within(dialog).getByLabelText('Grund (optional)'), { target: { value: 'Unwetterwarnung' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Markt absagen' }));

    expect(await screen.findByText('Grund: Unwetterwarnung', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Abgesagt');
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([u, init]) => [String(u), JSON.parse(String(init?.body))])).toEqual([
      [`/api/events/${event.id}/cancel`, { reason: 'Unwetterwarnung' }],
    ]);
  });

  it('a cancelled event offers no second cancellation', async () => {
    const event = makeEvent({ organizerId: organiser.id, status: 'cancelled', phase: 'cancelled' });
    mockAuthUser(organiser, { [`/api/events/${event.id}`]: event });
    renderApp(`/events/${event.id}/edit`);
    expect(await screen.findByRole('region', { name: 'Markt abgesagt' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Markt absagen' })).toBeNull());
  });
});
