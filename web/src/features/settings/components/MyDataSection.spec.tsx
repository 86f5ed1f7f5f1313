import { ACCOUNT_MESSAGES } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '@/features/auth/api/sign-out';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

// jsdom cannot follow the sign-out to the provider: what the page asks of it is recorded.
vi.mock('@/features/auth/api/sign-out', async (original) => ({ ...(await original<object>()), signOut: vi.fn(async () => undefined) }));

const EXPORT = {
  exportedAt: '2026-05-02T09:15:00.000Z',
  account: { ...participant, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  exhibitorProfile: null,
  events: [],
  stands: [],
  reviews: [],
};

function callsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string, method: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Einstellungen → Meine Daten', () => {
  it('downloads the export as a dated JSON file', async () => {
    const fetchMock = mockAuthUser(participant, { '/api/users/f2c1d7a0-4b1e-4f57-9a55-0d7f2f6c8e11': EXPORT.account, '/api/me/export': EXPORT });
    const createObjectURL = vi.fn(() => 'blob:export');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await screen.findByText('Deine Daten wurden heruntergeladen.')).toBeTruthy();
    expect(clicks).toEqual(['meine-daten-flohmarkt-2026-05-02.json']);
    expect(callsTo(fetchMock, '/api/me/export', 'GET')).toHaveLength(1);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(EXPORT);
  });

  it('shows the server’s German message when the export cannot be made', async () => {
    mockAuthUser(participant, { '/api/me/export': () => json({ message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.' }, 503) });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.');
  });

  it('deletes the account only after the account’s e-mail is typed, then leaves the signed-in page and signs out at the provider too', async () => {
    const fetchMock = mockAuthUser(participant, { '/api/me': () => new Response(null, { status: 204 }) });
    renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Konto endgültig löschen' });
    const input = screen.getByLabelText(`Zum Bestätigen deine E-Mail-Adresse eingeben (${participant.email})`);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'jemand.anderes@example.de' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: participant.email.toUpperCase() } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Einstellungen' })).toBeNull());
    const [[, init]] = callsTo(fetchMock, '/api/me', 'DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ confirm: participant.email.toUpperCase() });
    // Else the provider, still signed in, signed the browser in again at the next signed-in page and made a new account.
    expect(vi.mocked(signOut).mock.calls).toEqual([[{ notice: 'Dein Konto wurde gelöscht.' }]]);
  });

  it('stays and shows why when the server refuses (an organiser with a market still to come)', async () => {
    mockAuthUser(participant, { '/api/me': () => json({ message: ACCOUNT_MESSAGES.upcomingEvents }, 409) });
    renderApp('/settings');
    fireEvent.change(await screen.findByLabelText(/Zum Bestätigen deine E-Mail-Adresse eingeben/), { target: { value: participant.email } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.upcomingEvents);
    expect(screen.getByRole('heading', { name: 'Einstellungen' })).toBeTruthy();
  });
});
