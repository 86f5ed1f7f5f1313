import { VALIDATION } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftStandsPanel } from './DraftStandsPanel';

const eventId = '00000001-0000-4000-8000-0000000000dd';
const guest = makeStand({ eventId, status: 'pending', isDraft: true, isApproved: false, guestFirstName: 'Gerda', standNumber: 'Hof 3' });

afterEach(() => act(() => resetToasts()));

function setup() {
  return mockAuthUser(participant, {
    [`/api/events/${eventId}/draft-stands`]: [guest],
    [`/api/stands/${guest.id}/reject`]: (_url: URL, init?: RequestInit) => json({ ...guest, status: 'rejected', rejectionReason: JSON.parse(String(init?.body)).reason }),
  });
}

describe('DraftStandsPanel: reject', () => {
  it('asks for an optional reason and rejects a guest draft with PATCH /reject (it is no longer deleted)', async () => {
    const fetchMock = setup();
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Anmeldung ablehnen?' });
    expect(dialog.textContent).toContain('Der Gast sieht die Ablehnung unter seinem Anmeldungslink');
    fireEvent.change(within(dialog).getByLabelText('Begründung (optional)'), { target: { value: '  Kein Platz mehr im Hof.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));

    await waitFor(() => expect(screen.getByText('Stand abgelehnt')).toBeTruthy());
    const calls = fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(String(url)).toBe(`/api/stands/${guest.id}/reject`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Kein Platz mehr im Hof.' });
  });

  it('refuses a reason over 500 characters before sending', async () => {
    const fetchMock = setup();
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Anmeldung ablehnen?' });
    fireEvent.change(within(dialog).getByLabelText('Begründung (optional)'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText(VALIDATION.rejectionReasonTooLong)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });
});
