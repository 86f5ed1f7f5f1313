import type { TStand } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';

const market = makeEvent({ id: '00000001-0000-4000-8000-0000000000e1', name: 'Hofflohmarkt Kreuzberg' });
const other = makeEvent({ id: '00000001-0000-4000-8000-0000000000e2', name: 'Nachtflohmarkt Schwabing', status: 'cancelled', phase: 'cancelled' });
const mine = { exhibitorId: participant.id };

afterEach(() => act(() => resetToasts()));

function rowOf(name: RegExp): HTMLElement {
  return screen.getByRole('link', { name }).closest('li')!;
}

describe('/my-stands (issue 17)', () => {
  it('shows each state with the organiser’s reason, withdraws after a confirmation and then offers a new registration', async () => {
    let pending: TStand = makeStand({ ...mine, eventId: market.id, standNumber: '1', status: 'pending', isDraft: true, isApproved: false });
    const rejected = makeStand({
      ...mine,
      eventId: other.id,
      standNumber: '2',
      status: 'rejected',
      isApproved: false,
      rejectionReason: 'Nur Kinderflohmarkt.',
    });
    const fetchMock = mockAuthUser(participant, {
      [`/api/stands/user/${participant.id}`]: () => [pending, rejected],
      '/api/events': [market, other],
      [`/api/stands/${pending.id}`]: (_url: URL, init?: RequestInit) => {
        if (init?.method === 'DELETE') pending = { ...pending, status: 'withdrawn', isDraft: false };
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/my-stands');

    // The page is its own lazily loaded chunk: the first render waits for it.
    await screen.findByRole('link', { name: 'Stand #1' }, { timeout: 10_000 });
    await waitFor(() => expect(within(rowOf(/Stand #2/)).getByText('Abgesagt')).toBeTruthy());
    const rejectedRow = rowOf(/Stand #2/);
    expect(within(rejectedRow).getByText('Abgelehnt')).toBeTruthy();
    expect(within(rejectedRow).getByText('Nur Kinderflohmarkt.')).toBeTruthy();
    expect(within(rejectedRow).queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
    // The other market was cancelled: no new registration there.
    expect(within(rejectedRow).queryByRole('link', { name: 'Neu anmelden' })).toBeNull();

    const pendingRow = rowOf(/Stand #1/);
    expect(within(pendingRow).getByText('Wartend')).toBeTruthy();
    expect(within(pendingRow).queryByRole('link', { name: 'Neu anmelden' })).toBeNull();
    fireEvent.click(within(pendingRow).getByRole('button', { name: 'Zurückziehen' }));
    const dialog = screen.getByRole('dialog', { name: 'Stand zurückziehen?' });
    expect(dialog.textContent).toContain('Stand #1 wird vom Flohmarkt abgemeldet');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));

    await waitFor(() => expect(within(rowOf(/Stand #1/)).getByText('Zurückgezogen')).toBeTruthy());
    expect(screen.getByText('Stand zurückgezogen')).toBeTruthy();
    const withdrawnRow = rowOf(/Stand #1/);
    expect(within(withdrawnRow).queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
    // The dialog gave the focus back to „Zurückziehen“, which left: the stand's title holds it, not the page.
    await waitFor(() => expect(document.activeElement).toBe(within(withdrawnRow).getByRole('link', { name: 'Stand #1' })));
    expect(within(withdrawnRow).queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
    expect(within(withdrawnRow).getByRole('link', { name: 'Neu anmelden' }).getAttribute('href')).toBe(`/events/${market.id}/register-stand`);
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([u]) => String(u))).toEqual([`/api/stands/${pending.id}`]);
  });

  it('offers a waitlisted stand its place, "Bearbeiten" and "Zurückziehen", and no new registration (issue 30)', async () => {
    const waiting = makeStand({ ...mine, eventId: market.id, standNumber: '3', status: 'waitlisted', waitlistPosition: 2, isDraft: false, isApproved: false });
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [waiting], '/api/events': [market] });
    renderApp('/my-stands');
    await screen.findByRole('link', { name: 'Stand #3' }, { timeout: 10_000 });
    const row = rowOf(/Stand #3/);
    expect(within(row).getByText('Warteliste (Platz 2)')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Bearbeiten' }).getAttribute('href')).toBe(`/stands/${waiting.id}/edit`);
    expect(within(row).getByRole('button', { name: 'Zurückziehen' })).toBeTruthy();
    expect(within(row).queryByRole('link', { name: 'Neu anmelden' })).toBeNull();
  });

  it('says a cancelled market with its reason in place of the stand’s state and offers no editing there', async () => {
    const cancelled = makeEvent({ ...other, cancelReason: 'Sturmwarnung für Samstag.' });
    const waiting = makeStand({ ...mine, eventId: cancelled.id, standNumber: '4', status: 'pending', isDraft: true, isApproved: false });
    const approved = makeStand({ ...mine, eventId: cancelled.id, standNumber: '5', status: 'approved', isApproved: true });
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [waiting, approved], '/api/events': [cancelled] });
    renderApp('/my-stands');
    await screen.findByRole('link', { name: 'Stand #4' }, { timeout: 10_000 });
    await waitFor(() => expect(within(rowOf(/Stand #4/)).getByText('Abgesagt')).toBeTruthy());
    for (const title of [/Stand #4/, /Stand #5/]) {
      const row = rowOf(title);
      expect(within(row).getByText('Abgesagt')).toBeTruthy();
      expect(within(row).getByText('Dieser Flohmarkt wurde abgesagt. Grund: Sturmwarnung für Samstag.')).toBeTruthy();
      expect(within(row).queryByText('Wartend')).toBeNull();
      expect(within(row).queryByText('Genehmigt')).toBeNull();
      expect(within(row).queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
      expect(within(row).queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
      expect(within(row).queryByRole('link', { name: 'Neu anmelden' })).toBeNull();
      expect(within(row).getByRole('link', { name: 'Ansehen' })).toBeTruthy();
    }
  });
});
