import { TOASTS, type TStand } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { renderWithProviders } from '@/testing/render-with-providers';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { StandRegistrationPanel } from './StandRegistrationPanel';

// The Leaflet map cannot run in jsdom: a stand-in picks a point near the market, as a click would.
vi.mock('@/components/location/LocationPickerMap', () => ({
  LocationPickerMap: ({ onPick }: { onPick: (p: { lat: number; lng: number }) => void }) => (
    <button type="button" onClick={() => onPick({ lat: 52.49, lng: 13.396 })}>
      Punkt nah
    </button>
  ),
}));

const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000bb' });

afterEach(() => {
  act(() => resetToasts());
  sessionStorage.clear();
});

describe('StandRegistrationPanel', () => {
  it('opens by itself with the entries kept from before the sign-in or a reload', async () => {
    sessionStorage.setItem(`flohmarkt.draft.v1.register-stand:${event.id}`, JSON.stringify({ description: 'Schallplatten und Comics' }));
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [] });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    expect(((await screen.findByLabelText(/^Beschreibung/)) as HTMLTextAreaElement).value).toBe('Schallplatten und Comics');
    expect(screen.getByText(/^Deine Eingaben von vorhin sind wieder da\./)).toBeTruthy();
  });

  it('offers the form to a signed-in non-organiser without a stand at the event', async () => {
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [] });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    const toggle = await screen.findByRole('button', { name: 'Eigenen Stand anmelden' });
    fireEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'Stand anmelden' })).toBeTruthy();
  });

  it('after „Stand anmelden“ gives the focus to „Stand bereits angemeldet“, which takes the form’s place', async () => {
    let own: TStand[] = [];
    mockAuthUser(participant, {
      [`/api/stands/user/${participant.id}`]: () => json(own),
      '/api/stands': () => {
        own = [makeStand({ eventId: event.id, exhibitorId: participant.id, standNumber: '7', status: 'pending' })];
        return json(own[0], 201);
      },
      '/api/geocode/reverse': { displayName: 'Bergmannstraße, Berlin' },
    });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Eigenen Stand anmelden' }));
    fireEvent.change(await screen.findByLabelText(/^Beschreibung/), { target: { value: 'Bücher, Platten und Spielzeug' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Punkt nah' }));
    const submit = screen.getByRole('button', { name: 'Stand anmelden' });
    submit.focus();
    fireEvent.click(submit);

    const title = await screen.findByRole('heading', { name: 'Stand bereits angemeldet' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText(TOASTS.standRegistered)).toBeTruthy();
  });

  it("says 'Stand bereits angemeldet' with the own stand's status", async () => {
    const own = makeStand({ eventId: event.id, exhibitorId: participant.id, standNumber: '7', status: 'pending' });
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [own] });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    expect(await screen.findByText('Stand bereits angemeldet')).toBeTruthy();
    expect(screen.getByText('Wartend')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eigenen Stand anmelden' })).toBeNull();
  });

  it('a rejected or withdrawn stand at the event does not block a new registration (issue 17)', async () => {
    const rejected = makeStand({ eventId: event.id, exhibitorId: participant.id, status: 'rejected', isApproved: false });
    const withdrawn = makeStand({ eventId: event.id, exhibitorId: participant.id, status: 'withdrawn', isApproved: false });
    mockAuthUser(participant, { [`/api/stands/user/${participant.id}`]: [rejected, withdrawn] });
    renderWithProviders(<StandRegistrationPanel event={event} viewer={participant} />);
    expect(await screen.findByRole('button', { name: 'Eigenen Stand anmelden' })).toBeTruthy();
    expect(screen.queryByText('Stand bereits angemeldet')).toBeNull();
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
