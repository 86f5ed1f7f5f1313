import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onGuestFormRequest } from '@/lib/guest-form-request';
import { renderWithProviders } from '@/testing/render-with-providers';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, participant } from '@/testing/render-app';
import { EventActions } from './EventActions';

const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000cc' });

function hero(user: typeof participant | null) {
  mockAuthUser(user);
  return renderWithProviders(<EventActions event={event} user={user} userLoading={false} />);
}

describe('the signed-out registration choice (issue 30, G1)', () => {
  it('offers two equal ways: without an account and with one (sign-in, back to the registration form)', async () => {
    hero(null);
    const choice = await screen.findByRole('group', { name: 'Stand anmelden' });
    const guest = within(choice).getByRole('button', { name: 'Ohne Konto anmelden' });
    const account = within(choice).getByRole('link', { name: 'Mit Konto anmelden' });
    expect(account.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent(`/events/${event.id}/register-stand`)}`);
    // Equal in look and weight: the same classes, neither the main way and the other a side door.
    expect(guest.className).toBe(account.className);
    expect(screen.queryByText('Anmelden, um einen Stand anzumelden')).toBeNull();
  });

  it('"Ohne Konto anmelden" asks the guest form on the page to open (GuestStandCard listens)', async () => {
    const heard = vi.fn();
    const stop = onGuestFormRequest(heard);
    try {
      hero(null);
      fireEvent.click(await screen.findByRole('button', { name: 'Ohne Konto anmelden' }));
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('a signed-in seller keeps the one "Stand anmelden" link and sees no choice', async () => {
    hero(participant);
    expect(await screen.findByRole('link', { name: 'Stand anmelden' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Stand anmelden' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ohne Konto anmelden' })).toBeNull();
  });

  it('a market that takes no registrations offers neither way', async () => {
    mockAuthUser(null);
    renderWithProviders(<EventActions event={{ ...event, allowStandRegistration: false }} user={null} userLoading={false} />);
    expect(await screen.findByRole('button', { name: /QR-Code/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Stand anmelden' })).toBeNull();
  });
});
