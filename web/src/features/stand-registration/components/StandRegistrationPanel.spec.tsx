import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { mockAuthUser, participant } from '@/testing/render-app';
import { StandRegistrationPanel } from './StandRegistrationPanel';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000bb' });

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
