import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { InviteForm } from './InviteForm';

/*
 * "Gültig bis" in Berlin time, whatever the zone of the organiser's device. The expectations are UTC
 * instants and Berlin wall-clock values, so in any zone but Berlin's (this machine's, `TZ=UTC` or
 * `TZ=America/New_York`) they fail for a field read in the browser's zone.
 */

const eventId = '00000001-0000-4000-8000-000000000036';
const invitesPath = `/api/events/${eventId}/team-invites`;
const invite = {
  code: 'AB3K9Z',
  url: 'http://localhost/team/AB3K9Z',
  role: 'helper',
  expiresAt: '2030-06-02T10:00:00.000Z',
  createdAt: '2030-05-20T10:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('InviteForm’s „Gültig bis“', () => {
  it('shows the market’s end and the limits in Berlin time and sends what is typed as Berlin time', async () => {
    // Only the clock is fake: 20 May 2030, 12:00 in Berlin (CEST).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-20T10:00:00.000Z'));
    const fetchMock = mockAuthUser(participant, { [invitesPath]: () => json(invite, 201) });
    // The market ends 1 June 2030, 17:00 in Berlin.
    renderWithProviders(<InviteForm eventId={eventId} eventName="Hofflohmarkt Kreuzberg" eventEnd="2030-06-01T15:00:00.000Z" />);
    const expiry = screen.getByLabelText('Gültig bis') as HTMLInputElement;
    expect(expiry.value).toBe('2030-06-01T17:00');
    expect(expiry.min).toBe('2030-05-20T12:00');
    expect(expiry.max).toBe('2030-06-19T12:00');

    fireEvent.change(expiry, { target: { value: '2030-06-02T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung erstellen' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ role: 'helper', expiresAt: '2030-06-02T10:00:00.000Z' });
  });

  it('refuses, without asking the server, a time that is past in Berlin though not yet in the browser’s zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12:00 in Berlin: 11:30 Berlin time is over, whatever the device's clock says in its own zone.
    vi.setSystemTime(new Date('2030-05-20T10:00:00.000Z'));
    const fetchMock = mockAuthUser(participant, { [invitesPath]: () => json(invite, 201) });
    renderWithProviders(<InviteForm eventId={eventId} eventName="Hofflohmarkt Kreuzberg" eventEnd="2030-06-01T15:00:00.000Z" />);
    const expiry = screen.getByLabelText('Gültig bis') as HTMLInputElement;
    fireEvent.change(expiry, { target: { value: '2030-05-20T11:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung erstellen' }));
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('InviteForm: the invite made', () => {
  it('gives the focus to the new invite, the busy button keeping it until then', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockAuthUser(participant, {
      [invitesPath]: async () => {
        await answered;
        return json(invite, 201);
      },
    });
    // A market further ahead than 30 days: the expiry defaults to a week from now.
    renderWithProviders(<InviteForm eventId={eventId} eventName="Hofflohmarkt Kreuzberg" eventEnd={new Date(Date.now() + 60 * 86_400_000).toISOString()} />);
    const button = screen.getByRole('button', { name: 'Einladung erstellen' });
    button.focus();
    fireEvent.click(button);
    // Browsers take the focus from a disabled button (jsdom does not): the busy one is only aria-disabled.
    await waitFor(() => expect(button.textContent).toBe('Wird erstellt …'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    answer();

    const created = await screen.findByRole('region', { name: 'Einladung als Helfer:in' });
    await waitFor(() => expect(document.activeElement).toBe(within(created).getByRole('heading', { name: 'Einladung als Helfer:in' })));
  });

  it('makes one invite of a double tap, and another of a press after that', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-20T10:00:00.000Z'));
    const fetchMock = mockAuthUser(participant, { [invitesPath]: () => json(invite, 201) });
    renderWithProviders(<InviteForm eventId={eventId} eventName="Hofflohmarkt Kreuzberg" eventEnd="2030-06-01T15:00:00.000Z" />);
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    const button = screen.getByRole('button', { name: 'Einladung erstellen' });
    fireEvent.click(button);
    await screen.findByText('AB3K9Z');
    // The second tap lands after the answer (the server was quick).
    fireEvent.click(button);
    vi.setSystemTime(new Date('2030-05-20T10:00:01.000Z'));
    fireEvent.click(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(posts()).toBe(1);
    vi.setSystemTime(new Date('2030-05-20T10:00:05.000Z'));
    fireEvent.click(button);
    await waitFor(() => expect(posts()).toBe(2));
  });
});
