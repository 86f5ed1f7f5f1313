import { TOASTS, VALIDATION } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { describedText, renderWithProviders } from '@/features/event-form/testing/render-with-providers';
import { StandRegistrationPanel } from '@/features/stand-registration/components/StandRegistrationPanel';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { GuestStandCard } from './GuestStandCard';

vi.mock('@/features/event-form/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000bb' });

afterEach(() => act(() => resetToasts()));

describe('GuestStandCard', () => {
  it('is a collapsible card for visitors; checks the fields, sends and says the organiser now checks it', async () => {
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json(makeStand({ status: 'pending' }), 201) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    const toggle = await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(await screen.findByRole('button', { name: 'Anmeldung absenden' }));
    expect(describedText(screen.getByLabelText(/^Vorname/))).toContain(VALIDATION.guestFirstNameRequired);
    expect(describedText(screen.getByLabelText(/^Beschreibung/))).toContain(VALIDATION.guestDescriptionMinLength);
    expect(describedText(screen.getByRole('group', { name: /^Kategorien/ }))).toContain(VALIDATION.guestCategoriesRequired);

    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kuchen' }));
    fireEvent.click(screen.getByLabelText('Ich akzeptiere PayPal'));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));

    await waitFor(() => expect(document.querySelector('.success-message')?.textContent).toContain('Deine Stand-Anmeldung wird nun vom Organisator geprüft.'));
    expect(screen.getByText(TOASTS.registrationSucceeded)).toBeTruthy();
    const [, init] = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('guest-stands'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      guestFirstName: 'Gerda',
      categories: ['Verschiedenes'],
      foodCategories: ['Kuchen'],
      acceptsPayPal: true,
      latitude: null,
      longitude: null,
    });
  });

  it('shows the error toast when the server refuses', async () => {
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json({ message: 'Zu viele Anmeldungen. Bitte versuche es später erneut.' }, 429) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent).join(' ')).toContain(TOASTS.guestRegistrationFailed));
    expect(screen.getByText('Zu viele Anmeldungen. Bitte versuche es später erneut.')).toBeTruthy();
  });

  it('is not there for signed-in users or when registration is off', async () => {
    mockAuthUser(participant);
    const { container } = renderWithProviders(
      <>
        <GuestStandCard event={event} viewer={participant} />
        <GuestStandCard event={{ ...event, allowStandRegistration: false }} viewer={null} />
      </>,
    );
    await waitFor(() => expect(container.querySelector('.guest-stand-card')).toBeNull());
  });
});

describe('StandRegistrationPanel', () => {
  it('offers the form to a signed-in non-organiser without a stand at the event', async () => {
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [] });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    const toggle = await screen.findByRole('button', { name: 'Eigenen Stand anmelden' });
    fireEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'Stand anmelden' })).toBeTruthy();
  });

  it("says 'Stand bereits angemeldet' with the own stand's status", async () => {
    const own = makeStand({ eventId: event.id, exhibitorId: participant.id, standNumber: '7', status: 'pending' });
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [own] });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    expect(await screen.findByText('Stand bereits angemeldet')).toBeTruthy();
    expect(screen.getByText('Wartend')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eigenen Stand anmelden' })).toBeNull();
  });

  it('is not there for the organiser or a visitor', () => {
    mockAuthUser(participant);
    const { container } = renderWithProviders(
      <>
        <StandRegistrationPanel event={{ ...event, organizerId: participant.id }} viewer={participant} />
        <StandRegistrationPanel event={event} viewer={null} />
      </>,
    );
    expect(container.querySelector('.stand-registration-panel')).toBeNull();
  });
});
