import { HOLD_MESSAGES, type THold } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

/* The seller's mail link /holds/{id}?token= and the visitor's „Meine Reservierungen“ (issue 35). */

const holdId = '00000036-0000-4000-8000-000000000001';
const holdPath = `/api/holds/${holdId}`;
const token = 'mail-token-0123456789';

function makeHold(overrides: Partial<THold> = {}): THold {
  return {
    id: holdId,
    itemId: '00000035-0000-4000-8000-000000000001',
    standId: '00000002-0000-4000-8000-000000000001',
    eventId: '00000001-0000-4000-8000-000000000001',
    status: 'requested',
    pickupCode: null,
    holderName: 'Max M.',
    endsAt: '2030-06-01T09:00:00.000Z',
    createdAt: '2030-05-20T10:00:00.000Z',
    decidedAt: null,
    item: { title: 'Kinderfahrrad 20 Zoll', price: { kind: 'fixed', cents: 1250 } },
    stand: { label: 'Stand Hof 7' },
    event: { name: 'Hofflohmarkt Kreuzberg', startDateTime: '2030-06-01T08:00:00.000Z', location: 'Bergmannstraße, 10961 Berlin' },
    ...overrides,
  };
}

function requestsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/holds/:id?token= (the seller’s mail link)', () => {
  it('only reads on load: the hold, the holder’s display name and the market, and changes nothing', async () => {
    const fetchMock = mockAuthUser(null, { [holdPath]: makeHold() });
    renderApp(`/holds/${holdId}?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservierung für „Kinderfahrrad 20 Zoll“' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Max M.')).toBeTruthy();
    // Asked, not reserved yet: the seller reads who asked.
    expect(screen.getByText('Max M.').previousElementSibling?.textContent).toBe('Angefragt von');
    expect(screen.getByRole('link', { name: 'Hofflohmarkt Kreuzberg' })).toBeTruthy();
    expect(screen.getByText(/01\.06\.2030, 10:00 Uhr · Bergmannstraße, 10961 Berlin/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annehmen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    // Give any stray write the time to go out: only the one GET, with the link's token as its query.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const calls = requestsTo(fetchMock, holdPath);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method ?? 'GET').toBe('GET');
    expect(new URL(String(calls[0]?.[0]), 'http://localhost').searchParams.get('token')).toBe(token);
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('accepts with one press, sending the link’s token, and shows the pickup code', async () => {
    const fetchMock = mockAuthUser(null, {
      [holdPath]: (_url: URL, init?: RequestInit) =>
        init?.method === 'PATCH' ? json(makeHold({ status: 'accepted', pickupCode: 'ABC234' })) : json(makeHold()),
    });
    renderApp(`/holds/${holdId}?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Annehmen' }, { timeout: 10_000 }));
    const result = await screen.findByText('Angenommen. Abholcode: ABC234');
    expect(result.getAttribute('role')).toBe('status');
    expect(screen.getByText('Max M.').previousElementSibling?.textContent).toBe('Reserviert von');
    const patch = requestsTo(fetchMock, holdPath).find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ decision: 'accept', token });
    // Decided: no second decision is offered, only ending the hold.
    expect(screen.queryByRole('button', { name: 'Annehmen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reservierung beenden' })).toBeTruthy();
  });

  it('gives the focus to the result after „Annehmen“ or „Ablehnen“, the pressed button keeping it until then', async () => {
    for (const [press, status, said] of [
      ['Annehmen', 'accepted', 'Angenommen. Abholcode: ABC234'],
      ['Ablehnen', 'declined', 'Abgelehnt. Das Angebot ist wieder frei.'],
    ] as const) {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      mockAuthUser(null, {
        [holdPath]: async (_url: URL, init?: RequestInit) => {
          if (init?.method !== 'PATCH') return json(makeHold());
          await answered;
          return json(makeHold({ status, pickupCode: status === 'accepted' ? 'ABC234' : null }));
        },
      });
      const { unmount } = renderApp(`/holds/${holdId}?token=${token}`);
      const button = await screen.findByRole('button', { name: press }, { timeout: 10_000 });
      button.focus();
      fireEvent.click(button);
      // Browsers take the focus from a disabled button (jsdom does not): the busy one is only aria-disabled.
      await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
      expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(document.activeElement).toBe(button);
      answer();

      const result = await screen.findByText(said);
      await waitFor(() => expect(document.activeElement).toBe(result));
      unmount();
    }
  });

  it('says a decision the server refuses as sent (decided already)', async () => {
    mockAuthUser(null, {
      [holdPath]: (_url: URL, init?: RequestInit) => (init?.method === 'PATCH' ? json({ message: HOLD_MESSAGES.decisionNotOpen }, 409) : json(makeHold())),
    });
    renderApp(`/holds/${holdId}?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(HOLD_MESSAGES.decisionNotOpen);
  });

  it('only preselects the answer tapped in the mail: the press on the page sends it', async () => {
    const fetchMock = mockAuthUser(null, {
      [holdPath]: (_url: URL, init?: RequestInit) => (init?.method === 'PATCH' ? json(makeHold({ status: 'declined' })) : json(makeHold())),
    });
    renderApp(`/holds/${holdId}?token=${token}&decision=decline`);
    expect(await screen.findByText('Du hast in der E-Mail „Ablehnen“ gewählt. Tippe zur Bestätigung auf „Ablehnen“.', {}, { timeout: 10_000 })).toBeTruthy();
    const decline = screen.getByRole('button', { name: 'Ablehnen' });
    expect(decline.className).toContain('button--primary');
    expect(screen.getByRole('button', { name: 'Annehmen' }).className).not.toContain('button--primary');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    fireEvent.click(decline);
    expect(await screen.findByText('Abgelehnt. Das Angebot ist wieder frei.')).toBeTruthy();
    const patch = requestsTo(fetchMock, holdPath).find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ decision: 'decline', token });
  });

  it('shows the holder (signed in, from their own mail) their hold with the code, to end, never a decision', async () => {
    const { holderName: _unnamed, ...asHolderReadsIt } = makeHold({ status: 'accepted', pickupCode: 'ABC234' });
    const fetchMock = mockAuthUser(participant, { [holdPath]: asHolderReadsIt });
    renderApp(`/holds/${holdId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deine Reservierung: „Kinderfahrrad 20 Zoll“' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('ABC234')).toBeTruthy();
    expect(screen.queryByText('Reserviert von')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Annehmen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Alle meine Reservierungen' }).getAttribute('href')).toBe('/me/holds');
    const [[url]] = requestsTo(fetchMock, holdPath);
    expect(new URL(String(url), 'http://localhost').search).toBe('');
    expect(screen.getByRole('button', { name: 'Reservierung beenden' })).toBeTruthy();
  });

  it('asks someone signed out who opened it without a token to sign in, and comes back here', async () => {
    mockAuthUser(null, { [holdPath]: () => json({ message: HOLD_MESSAGES.holdNotFound }, 404) });
    renderApp(`/holds/${holdId}`);
    const prompt = await screen.findByRole('region', { name: 'Bitte melde dich an' }, { timeout: 10_000 });
    const link = within(prompt).getByRole('link', { name: 'Anmelden' });
    expect(link.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent(`/holds/${holdId}`)}`);
  });

  it('says a link that leads nowhere is not found', async () => {
    mockAuthUser(null, { [holdPath]: () => json({ message: HOLD_MESSAGES.holdNotFound }, 404) });
    renderApp(`/holds/${holdId}?token=falsch`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservierung nicht gefunden' }, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('/me/holds „Meine Reservierungen“', () => {
  it('lists each hold with price, stand, market and its state in German, the code of an accepted one large, and ends one', async () => {
    let holds = [
      makeHold({ status: 'accepted', pickupCode: 'ABC234' }),
      makeHold({ id: '00000036-0000-4000-8000-000000000002', status: 'requested', item: { title: 'Stehlampe', price: { kind: 'negotiable' } } }),
      makeHold({ id: '00000036-0000-4000-8000-000000000003', status: 'lapsed', item: { title: 'Kiste Taschenbücher', price: { kind: 'free' } } }),
    ];
    const fetchMock = mockAuthUser(participant, {
      '/api/me/holds': () => json(holds),
      [holdPath]: () => {
        holds = [{ ...(holds[0] as THold), status: 'ended' }, ...holds.slice(1)];
        return json(holds[0]);
      },
    });
    renderApp('/me/holds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Reservierungen' }, { timeout: 10_000 })).toBeTruthy();
    const rows = screen.getAllByRole('listitem').filter((row) => row.classList.contains('my-hold'));
    expect(rows).toHaveLength(3);
    const [accepted, requested, lapsed] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(accepted.textContent).toContain('angenommen');
    expect(accepted.textContent).toContain('12,50\u00a0€');
    expect(accepted.textContent).toContain('Stand Hof 7');
    expect(accepted.textContent).toContain('01.06.2030, 10:00 Uhr · Bergmannstraße, 10961 Berlin');
    expect(within(accepted).getByText('ABC234').className).toContain('pickup-code--large');
    expect(requested.textContent).toContain('angefragt');
    expect(lapsed.textContent).toContain('abgelaufen');
    expect(within(lapsed).queryByRole('button')).toBeNull();

    fireEvent.click(within(accepted).getByRole('button', { name: 'Reservierung von „Kinderfahrrad 20 Zoll“ beenden' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Reservierung beenden?' })).getByRole('button', { name: 'Beenden' }));
    expect(await screen.findByText('Die Reservierung von „Kinderfahrrad 20 Zoll“ ist beendet.')).toBeTruthy();
    const patch = requestsTo(fetchMock, holdPath).find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ decision: 'end' });
    await waitFor(() => expect(screen.queryByText('ABC234')).toBeNull());
    expect(screen.getAllByText('beendet').length).toBeGreaterThan(0);
  });

  it('is reached from the account menu', async () => {
    mockAuthUser(participant, { '/api/me/holds': [] });
    renderApp('/me/holds');
    expect(await screen.findByText('Du hast noch nichts reserviert.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Benutzermenü/ }));
    expect(screen.getByRole('link', { name: 'Meine Reservierungen' }).getAttribute('href')).toBe('/me/holds');
  });
});
