import { ERROR_CODES, STAND_NUMBER_MESSAGES, TOASTS, VALIDATION } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { WalkUpStandCard } from './WalkUpStandCard';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001', role: 'organizer' as const };
const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000ee', organizerId: organiser.id });
const path = `/api/events/${event.id}/walk-up-stands`;

afterEach(() => act(() => resetToasts()));

async function openAndFill() {
  fireEvent.click(await screen.findByRole('button', { name: 'Stand vor Ort eintragen' }));
  fireEvent.change(await screen.findByLabelText(/^Beschreibung/), { target: { value: 'Kinderkleidung und Bücher' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
}

describe('WalkUpStandCard', () => {
  it("speaks of the seller's stand, not to the organiser as if it were theirs, and promises nothing 'before the day'", async () => {
    mockAuthUser(organiser);
    renderWithProviders(<WalkUpStandCard event={event} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand vor Ort eintragen' }));
    const form = (await screen.findByLabelText(/^Beschreibung/)).closest('form')!;
    expect(form.textContent).toContain('Was bietet der Stand an?');
    expect(form.textContent).toContain('die Adresse des Hofs, der Garage oder des Vorgartens.');
    expect(form.textContent).not.toMatch(/Was bietest du an|deines Hofs|vor dem Markttag/);
  });

  it('enters a stand without a name, approved at once, and links to it', async () => {
    const fetchMock = mockAuthUser(organiser, {
      [path]: () => json(makeStand({ id: '00000002-0000-4000-8000-0000000000a1', eventId: event.id, standNumber: '31' }), 201),
    });
    renderWithProviders(<WalkUpStandCard event={event} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand vor Ort eintragen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stand eintragen' }));
    expect(describedText(screen.getByLabelText(/^Beschreibung/))).toContain(VALIDATION.guestDescriptionMinLength);
    expect(describedText(screen.getByLabelText('Vorname (optional)'))).toBe('');

    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Kinderkleidung und Bücher' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
    fireEvent.change(screen.getByLabelText('Standnummer oder -name'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stand eintragen' }));

    expect(await screen.findByText(TOASTS.walkUpStandAdded)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stand #31' }).getAttribute('href')).toBe('/stands/00000002-0000-4000-8000-0000000000a1');
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u) === path)!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ guestFirstName: '', standNumber: '31', categories: ['Bücher'], latitude: null, longitude: null });
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('guestEmail');
  });

  it('says a stand number the event already has at the field', async () => {
    mockAuthUser(organiser, { [path]: () => json({ message: STAND_NUMBER_MESSAGES.numberTaken, code: ERROR_CODES.STAND_NUMBER_TAKEN }, 409) });
    renderWithProviders(<WalkUpStandCard event={event} />);
    await openAndFill();
    fireEvent.change(screen.getByLabelText('Standnummer oder -name'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stand eintragen' }));
    await waitFor(() => expect(describedText(screen.getByLabelText('Standnummer oder -name'))).toContain(STAND_NUMBER_MESSAGES.numberTaken));
  });

  it("says the server's reason in the toast too, not only that it failed", async () => {
    const reason = 'Der Flohmarkt ist vorbei.';
    mockAuthUser(organiser, { [path]: () => json({ message: reason, code: 'FORBIDDEN' }, 403) });
    renderWithProviders(<WalkUpStandCard event={event} />);
    await openAndFill();
    fireEvent.click(screen.getByRole('button', { name: 'Stand eintragen' }));
    expect(await screen.findByText(`${TOASTS.walkUpStandFailed} ${reason}`)).toBeTruthy();
  });
});
