import { TOASTS } from '@flohmarkt/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { StandNumberingCard } from './StandNumberingCard';

const eventId = '00000001-0000-4000-8000-0000000000ef';
const path = `/api/events/${eventId}/stand-numbers`;

afterEach(() => act(() => resetToasts()));

describe('StandNumberingCard', () => {
  it('numbers along the shortest walk when chosen and shows the numbers given', async () => {
    const numbered = [
      makeStand({ standNumber: '4', guestFirstName: 'Anna' }),
      makeStand({ standNumber: '5', guestFirstName: 'Bernd' }),
      makeStand({ standNumber: '6', guestFirstName: 'Cem' }),
    ];
    const fetchMock = mockAuthUser(participant, { [path]: () => json(numbered) });
    renderWithProviders(<StandNumberingCard eventId={eventId} />);
    const card = screen.getByRole('region', { name: 'Stände nummerieren' });
    expect((within(card).getByRole('radio', { name: /Straße für Straße/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(card).getByRole('radio', { name: /Kürzester Rundgang/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Stände nummerieren' }));

    expect(await within(card).findByText('3 Stände haben die Nummern 4 bis 6 bekommen.')).toBeTruthy();
    expect(screen.getByText(TOASTS.standsNumbered(3))).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Stand #4', 'Stand #5', 'Stand #6']);
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u) === path)!;
    expect(JSON.parse(String(init?.body))).toEqual({ order: 'walk' });
  });

  it('says when every approved stand already has a number, and shows a refusal', async () => {
    let answer = json([]);
    mockAuthUser(participant, { [path]: () => answer });
    renderWithProviders(<StandNumberingCard eventId={eventId} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stände nummerieren' }));
    expect(await screen.findByText('Alle genehmigten Stände haben schon eine Nummer.')).toBeTruthy();

    answer = json({ message: 'Das dürfen nur die Veranstalter des Flohmarkts und Admins.' }, 403);
    fireEvent.click(screen.getByRole('button', { name: 'Stände nummerieren' }));
    expect(await screen.findByText(TOASTS.standNumberingFailed('Das dürfen nur die Veranstalter des Flohmarkts und Admins.'))).toBeTruthy();
  });
});
