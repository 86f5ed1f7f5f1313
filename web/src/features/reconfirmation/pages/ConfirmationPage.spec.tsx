import { MARKET_DAY_MESSAGES, type TConfirmation } from '@flohmarkt/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';

/* The seller's "Bist du dabei?" mail link /dabei/{token}?antwort=ja|nein (issue 36), without sign-in. */

const token = 'dabei-token-0123456789';
const apiPath = `/api/confirmations/${token}`;

function makeConfirmation(overrides: Partial<TConfirmation> = {}): TConfirmation {
  return {
    standId: '00000002-0000-4000-8000-000000000036',
    standLabel: 'Stand Hof 7',
    status: 'approved',
    confirmation: 'asked',
    deadline: '2030-05-31T08:00:00.000Z',
    event: {
      id: '00000001-0000-4000-8000-000000000036',
      name: 'Hofflohmarkt Kreuzberg',
      location: 'Bergmannstraße, 10961 Berlin',
      startDateTime: '2030-06-01T08:00:00.000Z',
    },
    ...overrides,
  };
}

function writes(fetchMock: ReturnType<typeof mockAuthUser>) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === apiPath && init?.method === 'POST');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dabei/:token', () => {
  it('shows market, stand, deadline and state, and sends nothing on opening even with ?antwort=ja', async () => {
    const fetchMock = mockAuthUser(null, { [apiPath]: makeConfirmation() });
    renderApp(`/dabei/${token}?antwort=ja`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bist du dabei?' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hofflohmarkt Kreuzberg' })).toBeTruthy();
    expect(screen.getByText('01.06.2030, 10:00 Uhr')).toBeTruthy();
    expect(screen.getByText('Bergmannstraße, 10961 Berlin')).toBeTruthy();
    expect(screen.getByText('Stand Hof 7')).toBeTruthy();
    expect(screen.getByText('31.05.2030, 10:00 Uhr')).toBeTruthy();
    expect(screen.getByText('Offen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ja, ich komme' }).className).toContain('button--primary');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes(fetchMock)).toHaveLength(0);
  });

  it('confirms with one press and says so', async () => {
    const fetchMock = mockAuthUser(null, {
      [apiPath]: (_url: URL, init?: RequestInit) => json(init?.method === 'POST' ? makeConfirmation({ confirmation: 'confirmed' }) : makeConfirmation()),
    });
    renderApp(`/dabei/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ja, ich komme' }, { timeout: 10_000 }));
    expect(await screen.findByText('Danke! Du hast zugesagt, dein Platz bleibt dir.')).toBeTruthy();
    expect(screen.getByText('Bestätigt')).toBeTruthy();
    expect(JSON.parse(String(writes(fetchMock)[0]?.[1]?.body))).toEqual({ answer: 'yes' });
  });

  it('preselects "nein" from the mail, asks before freeing the place, and only then sends it', async () => {
    const fetchMock = mockAuthUser(null, {
      [apiPath]: (_url: URL, init?: RequestInit) =>
        json(init?.method === 'POST' ? makeConfirmation({ status: 'released', confirmation: 'released' }) : makeConfirmation()),
    });
    renderApp(`/dabei/${token}?antwort=nein`);
    const no = await screen.findByRole('button', { name: 'Nein, ich komme nicht' }, { timeout: 10_000 });
    expect(no.className).toContain('button--primary');
    expect(screen.getByRole('button', { name: 'Ja, ich komme' }).className).not.toContain('button--primary');
    fireEvent.click(no);
    const dialog = screen.getByRole('dialog', { name: 'Platz wirklich freigeben?' });
    expect(writes(fetchMock)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, Platz freigeben' }));
    expect(await screen.findByText('Danke für deine Absage. Dein Platz ist jetzt frei für andere.')).toBeTruthy();
    expect(JSON.parse(String(writes(fetchMock)[0]?.[1]?.body))).toEqual({ answer: 'no' });
    // Released: nothing more to answer.
    expect(screen.queryByRole('button', { name: 'Ja, ich komme' })).toBeNull();
  });

  it('says the server’s refusal of an answer (place already released)', async () => {
    mockAuthUser(null, {
      [apiPath]: (_url: URL, init?: RequestInit) =>
        init?.method === 'POST' ? json({ message: MARKET_DAY_MESSAGES.confirmationReleased }, 409) : json(makeConfirmation()),
    });
    renderApp(`/dabei/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ja, ich komme' }, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(MARKET_DAY_MESSAGES.confirmationReleased);
  });

  it('offers no answer for a released place', async () => {
    mockAuthUser(null, { [apiPath]: makeConfirmation({ status: 'released', confirmation: 'released' }) });
    renderApp(`/dabei/${token}`);
    expect(await screen.findByText('Dein Platz ist freigegeben. Wer auf der Warteliste stand, ist nachgerückt.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ja, ich komme' })).toBeNull();
  });

  it.each([
    [404, MARKET_DAY_MESSAGES.confirmationNotFound],
    [410, MARKET_DAY_MESSAGES.confirmationExpired],
    [409, MARKET_DAY_MESSAGES.confirmationClosed],
  ])('says a %i on opening in the server’s words', async (status, message) => {
    mockAuthUser(null, { [apiPath]: () => json({ message }, status) });
    renderApp(`/dabei/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rückmeldung nicht möglich' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
