import { MARKET_DAY_MESSAGES, type TMyEvent, type TTeam, type TTeamInvite, type TTeamInvitePreview } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

/* The organiser's team /events/{id}/team and an invite's page /team/{code} (issue 36). */

const eventId = '00000001-0000-4000-8000-000000000036';
const event = makeEvent({ id: eventId, organizerId: participant.id, name: 'Hofflohmarkt Kreuzberg' });
const teamPath = `/api/events/${eventId}/team`;
const invitesPath = `/api/events/${eventId}/team-invites`;
const memberId = '00000009-0000-4000-8000-000000000077';

const invite: TTeamInvite = {
  code: 'AB3K9Z',
  url: 'http://localhost/team/AB3K9Z',
  role: 'helper',
  expiresAt: '2030-06-01T15:00:00.000Z',
  createdAt: '2030-05-20T10:00:00.000Z',
};

function makeTeam(overrides: Partial<TTeam> = {}): TTeam {
  return {
    eventId,
    members: [{ userId: memberId, role: 'co-organizer', firstName: 'Erika', lastName: 'Muster', joinedAt: '2030-05-02T10:00:00.000Z' }],
    invites: [],
    ...overrides,
  };
}

function requestsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string, method: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/events/:id/team', () => {
  it('lets the organiser invite a helper and shows the code large with its link', async () => {
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${eventId}`]: event,
      [teamPath]: makeTeam(),
      [invitesPath]: () => json(invite, 201),
    });
    renderApp(`/events/${eventId}/team`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Erika Muster')).toBeTruthy();
    expect(screen.getByText('Checkt am Markttag Stände ein und trägt spontane Stände ein, sonst nichts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Helfer:in/ }));
    // A market further ahead than 30 days: the expiry defaults to a week from now.
    const expiry = screen.getByLabelText('Gültig bis') as HTMLInputElement;
    expect(expiry.value).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Einladung erstellen' }));
    const created = await screen.findByRole('region', { name: 'Einladung als Helfer:in' });
    expect(within(created).getByText('AB3K9Z').parentElement?.className).toContain('team-code');
    expect(within(created).getByText('A B 3 K 9 Z').className).toBe('visually-hidden');
    expect((within(created).getByLabelText('Link zur Einladung') as HTMLInputElement).value).toBe('http://localhost/team/AB3K9Z');
    const [post] = requestsTo(fetchMock, invitesPath, 'POST');
    const body = JSON.parse(String(post?.[1]?.body)) as { role: string; expiresAt: string };
    expect(body.role).toBe('helper');
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('copies the invite’s link and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockAuthUser(participant, { [`/api/events/${eventId}`]: event, [teamPath]: makeTeam(), [invitesPath]: () => json(invite, 201) });
    renderApp(`/events/${eventId}/team`);
    fireEvent.click(await screen.findByRole('button', { name: 'Einladung erstellen' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Link kopieren' }));
    expect(await screen.findByText('Link kopiert.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost/team/AB3K9Z');
  });

  it('offers the share sheet where the browser has one, with the link', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    mockAuthUser(participant, { [`/api/events/${eventId}`]: event, [teamPath]: makeTeam(), [invitesPath]: () => json(invite, 201) });
    renderApp(`/events/${eventId}/team`);
    fireEvent.click(await screen.findByRole('button', { name: 'Einladung erstellen' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Teilen' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]).toEqual([
      { title: 'Einladung ins Team: Hofflohmarkt Kreuzberg', text: 'Du bist als Helfer:in eingeladen. Code: AB3K9Z', url: 'http://localhost/team/AB3K9Z' },
    ]);
    Reflect.deleteProperty(navigator, 'share');
  });

  it('refuses an expiry further than 30 days at the field, without asking the server', async () => {
    const fetchMock = mockAuthUser(participant, { [`/api/events/${eventId}`]: event, [teamPath]: makeTeam() });
    renderApp(`/events/${eventId}/team`);
    const expiry = (await screen.findByLabelText('Gültig bis', {}, { timeout: 10_000 })) as HTMLInputElement;
    fireEvent.change(expiry, { target: { value: '2099-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung erstellen' }));
    expect(await screen.findByText(MARKET_DAY_MESSAGES.invalidExpiry)).toBeTruthy();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo(fetchMock, invitesPath, 'POST')).toHaveLength(0);
  });

  it('lists open invites to withdraw and removes a member after asking', async () => {
    let team = makeTeam({ invites: [invite] });
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${eventId}`]: event,
      [teamPath]: () => json(team),
      [`${invitesPath}/AB3K9Z`]: () => {
        team = { ...team, invites: [] };
        return new Response(null, { status: 204 });
      },
      [`${teamPath}/${memberId}`]: () => {
        team = { ...team, members: [] };
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/events/${eventId}/team`);
    const invites = await screen.findByRole('region', { name: 'Offene Einladungen' }, { timeout: 10_000 });
    expect(invites.textContent).toContain('Helfer:in');
    expect(invites.textContent).toContain('gilt bis 01.06.2030, 17:00 Uhr');
    fireEvent.click(within(invites).getByRole('button', { name: 'Einladung AB3K9Z zurückziehen' }));
    expect(await within(invites).findByText('Keine offenen Einladungen.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${invitesPath}/AB3K9Z`, 'DELETE')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Erika Muster entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Aus dem Team entfernen?' });
    expect(dialog.textContent).toContain('Erika Muster verliert sofort alle Rechte an diesem Flohmarkt.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.queryByText('Erika Muster')).toBeNull());
    expect(requestsTo(fetchMock, `${teamPath}/${memberId}`, 'DELETE')).toHaveLength(1);
  });

  it('shows a co-organiser the members only, without invites or removing', async () => {
    mockAuthUser(participant, {
      [`/api/events/${eventId}`]: makeEvent({ id: eventId, organizerId: '00000009-0000-4000-8000-000000000001' }),
      [teamPath]: makeTeam({
        members: [{ userId: participant.id, role: 'co-organizer', firstName: 'Max', lastName: null, joinedAt: '2030-05-02T10:00:00.000Z' }],
      }),
    });
    renderApp(`/events/${eventId}/team`);
    expect(await screen.findByText('Max', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Einladung erstellen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /entfernen$/ })).toBeNull();
    expect(screen.getByText('Das Team verwaltet, wer den Flohmarkt veranstaltet.')).toBeTruthy();
  });

  it('offers no invite for a market that is over, saying why', async () => {
    mockAuthUser(participant, {
      [`/api/events/${eventId}`]: makeEvent({
        id: eventId,
        organizerId: participant.id,
        startDateTime: '2024-06-01T08:00:00.000Z',
        endDateTime: '2024-06-01T15:00:00.000Z',
        phase: 'ended',
      }),
      [teamPath]: makeTeam(),
    });
    renderApp(`/events/${eventId}/team`);
    expect(await screen.findByText(MARKET_DAY_MESSAGES.marketOver, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Einladung erstellen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Erika Muster entfernen' })).toBeTruthy();
  });

  it('says the server’s refusal to anyone else', async () => {
    mockAuthUser(participant, {
      [`/api/events/${eventId}`]: makeEvent({ id: eventId, organizerId: '00000009-0000-4000-8000-000000000001' }),
      [teamPath]: () => json({ message: MARKET_DAY_MESSAGES.teamForbidden }, 403),
    });
    renderApp(`/events/${eventId}/team`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff auf das Team' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(MARKET_DAY_MESSAGES.teamForbidden)).toBeTruthy();
  });
});

const preview: TTeamInvitePreview = {
  code: 'AB3K9Z',
  role: 'co-organizer',
  expiresAt: '2030-06-01T15:00:00.000Z',
  event: { id: eventId, name: 'Hofflohmarkt Kreuzberg', location: 'Bergmannstraße, 10961 Berlin', startDateTime: '2030-06-01T08:00:00.000Z' },
};

/** The invite's market as the joiner's "Meine Flohmärkte" lists it (GET /api/me/events). */
const myTeamEvent: TMyEvent = {
  ...makeEvent({ id: eventId, name: 'Hofflohmarkt Kreuzberg', organizerId: memberId }),
  counts: { approved: 0, pending: 0, waitlisted: 0, rejected: 0, freePlaces: null },
  teamRole: 'helper',
};

describe('/team/:code', () => {
  it('shows the market and the role, and asks someone signed out to sign in and come back', async () => {
    mockAuthUser(null, { '/api/team-invites/AB3K9Z': preview });
    renderApp('/team/AB3K9Z');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einladung ins Team' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Du bist als Mitveranstalter:in zu „Hofflohmarkt Kreuzberg“ eingeladen.')).toBeTruthy();
    expect(screen.getByText('01.06.2030, 10:00 Uhr')).toBeTruthy();
    expect(screen.getByText('Bergmannstraße, 10961 Berlin')).toBeTruthy();
    // The header has its own sign-in link; this page's comes back to the invite.
    const signIns = screen.getAllByRole('link', { name: 'Anmelden' }).map((link) => link.getAttribute('href'));
    expect(signIns).toContain(`/api/login?returnTo=${encodeURIComponent('/team/AB3K9Z')}`);
    expect(screen.queryByRole('button', { name: 'Dem Team beitreten' })).toBeNull();
  });

  it('joins with one press when signed in and links to the market day and the market', async () => {
    const fetchMock = mockAuthUser(participant, {
      '/api/team-invites/AB3K9Z': preview,
      '/api/team-invites/AB3K9Z/accept': { eventId, role: 'co-organizer' },
    });
    renderApp('/team/AB3K9Z');
    fireEvent.click(await screen.findByRole('button', { name: 'Dem Team beitreten' }, { timeout: 10_000 }));
    const welcome = await screen.findByRole('status');
    expect(welcome.textContent).toBe('Willkommen im Team! Du bist jetzt Mitveranstalter:in bei „Hofflohmarkt Kreuzberg“.');
    // The button left with the joining: the welcome has the focus, not the page.
    await waitFor(() => expect(document.activeElement).toBe(welcome));
    expect(screen.getByRole('link', { name: 'Zum Markttag' }).getAttribute('href')).toBe(`/events/${eventId}/markttag`);
    expect(screen.getByRole('link', { name: 'Zum Flohmarkt' }).getAttribute('href')).toBe(`/events/${eventId}`);
    expect(requestsTo(fetchMock, '/api/team-invites/AB3K9Z/accept', 'POST')).toHaveLength(1);
  });

  it('tells someone already on the team so, with the way to the market day, instead of asking to join again', async () => {
    const fetchMock = mockAuthUser(participant, {
      '/api/team-invites/AB3K9Z': preview,
      '/api/me/events': [{ ...myTeamEvent, teamRole: 'co-organizer' }],
    });
    renderApp('/team/AB3K9Z');
    expect(
      (await screen.findByText('Du bist schon im Team: Mitveranstalter:in bei „Hofflohmarkt Kreuzberg“.', undefined, { timeout: 10_000 })).getAttribute('role'),
    ).toBe('status');
    expect(screen.getByRole('link', { name: 'Zum Markttag' }).getAttribute('href')).toBe(`/events/${eventId}/markttag`);
    expect(screen.queryByRole('button', { name: 'Dem Team beitreten' })).toBeNull();
    expect(requestsTo(fetchMock, '/api/team-invites/AB3K9Z/accept', 'POST')).toHaveLength(0);
  });

  it('still offers a helper a co-organiser invite, saying what it changes', async () => {
    mockAuthUser(participant, { '/api/team-invites/AB3K9Z': preview, '/api/me/events': [{ ...myTeamEvent, teamRole: 'helper' }] });
    renderApp('/team/AB3K9Z');
    expect(await screen.findByRole('button', { name: 'Dem Team beitreten' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Du bist schon als Helfer:in im Team. Mit dieser Einladung wirst du Mitveranstalter:in.')).toBeTruthy();
  });

  it('tells the market’s organiser it is their own market, without a join button', async () => {
    mockAuthUser(participant, { '/api/team-invites/AB3K9Z': preview, '/api/me/events': [{ ...myTeamEvent, teamRole: null }] });
    renderApp('/team/AB3K9Z');
    expect((await screen.findByText(MARKET_DAY_MESSAGES.inviteOwnMarket, undefined, { timeout: 10_000 })).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Dem Team beitreten' })).toBeNull();
  });

  it('says the server’s refusal of joining (own market)', async () => {
    mockAuthUser(participant, {
      '/api/team-invites/AB3K9Z': preview,
      '/api/team-invites/AB3K9Z/accept': () => json({ message: MARKET_DAY_MESSAGES.inviteOwnMarket }, 400),
    });
    renderApp('/team/AB3K9Z');
    fireEvent.click(await screen.findByRole('button', { name: 'Dem Team beitreten' }, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(MARKET_DAY_MESSAGES.inviteOwnMarket);
  });

  it.each([
    [403, MARKET_DAY_MESSAGES.removedFromTeam],
    [404, MARKET_DAY_MESSAGES.inviteNotFound],
    [410, MARKET_DAY_MESSAGES.inviteExpired],
    [429, MARKET_DAY_MESSAGES.tooManyCodeTries],
  ])('says a %i in the server’s words', async (status, message) => {
    mockAuthUser(participant, { '/api/team-invites/AB3K9Z': () => json({ message }, status) });
    renderApp('/team/AB3K9Z');
    const screenTitle = await screen.findByRole('heading', { level: 1, name: 'Einladung nicht möglich' }, { timeout: 10_000 });
    // A 429 is also a toast (query-client.ts); the page itself says it too.
    expect(screenTitle.parentElement?.textContent).toContain(message);
  });
});
