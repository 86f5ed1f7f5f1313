import { ERROR_CODES, HOLD_MESSAGES, STAND_NUMBER_MESSAGES } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { StandEditForm } from './StandEditForm';

const stand = makeStand({ standNumber: '12', categories: ['Bücher'], description: 'Bücher und Platten', latitude: '52.49', longitude: '13.396' });

afterEach(() => act(() => resetToasts()));

describe('StandEditForm', () => {
  it('says a number another stand of the event has at the number field (409), nothing else changes', async () => {
    mockAuthUser(participant, {
      [`/api/stands/${stand.id}`]: () => json({ message: STAND_NUMBER_MESSAGES.numberTaken, code: ERROR_CODES.STAND_NUMBER_TAKEN }, 409),
    });
    renderWithProviders(<StandEditForm stand={stand} onLocationError={vi.fn()} photos={null} location={null} />);
    fireEvent.change(screen.getByLabelText('Standnummer oder -name'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(describedText(screen.getByLabelText('Standnummer oder -name'))).toContain(STAND_NUMBER_MESSAGES.numberTaken));
    expect(screen.getByLabelText('Standnummer oder -name').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.form .notice--error')).toBeNull();
  });

  it('tells the taken number by its code: a 409 without it is said above the buttons, not at the field', async () => {
    mockAuthUser(participant, { [`/api/stands/${stand.id}`]: () => json({ message: STAND_NUMBER_MESSAGES.numberTaken }, 409) });
    renderWithProviders(<StandEditForm stand={stand} onLocationError={vi.fn()} photos={null} location={null} />);
    fireEvent.change(screen.getByLabelText('Standnummer oder -name'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(document.querySelector('.form .notice--error')?.textContent).toContain(STAND_NUMBER_MESSAGES.numberTaken));
    expect(screen.getByLabelText('Standnummer oder -name').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('saves the items’ hold time with the stand, and refuses one outside 15–240 minutes before sending (issue 35)', async () => {
    const fetchMock = mockAuthUser(participant, {
      [`/api/stands/${stand.id}`]: (_url: URL, init?: RequestInit) => json({ ...stand, ...(JSON.parse(String(init?.body)) as object) }),
    });
    renderWithProviders(<StandEditForm stand={{ ...stand, holdMinutes: 45 }} onLocationError={vi.fn()} photos={null} location={null} />);
    const field = screen.getByLabelText(/^Haltezeit für Reservierungen/) as HTMLInputElement;
    expect(field.value).toBe('45');
    expect(describedText(field)).toContain('Reservierungen gelten bis 45 Minuten nach Marktbeginn.');

    fireEvent.change(field, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(field)).toContain(HOLD_MESSAGES.holdMinutesInvalid);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '90' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    const [[, put]] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect((JSON.parse(String(put?.body)) as { holdMinutes: number }).holdMinutes).toBe(90);
  });
});
