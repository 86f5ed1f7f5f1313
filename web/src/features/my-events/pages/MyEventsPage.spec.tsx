import type { TMyEvent } from '@flohmarkt/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';

const myEvent = (overrides: Partial<TMyEvent>): TMyEvent => ({
  ...makeEvent({ organizerId: participant.id }),
  counts: { approved: 0, pending: 0, waitlisted: 0, rejected: 0, freePlaces: null },
  ...overrides,
});

const soon = myEvent({
  id: '00000001-0000-4000-8000-0000000000e1',
  name: 'Hofflohmarkt Südstadt',
  location: 'Severinstraße 1, 50678 Köln',
  startDateTime: '2031-06-07T06:00:00.000Z',
  endDateTime: '2031-06-07T14:00:00.000Z',
  phase: 'upcoming',
  maxStands: 1300,
  freePlaces: 12,
  counts: { approved: 1250, pending: 5, waitlisted: 1, rejected: 3, freePlaces: 12 },
});
const past = myEvent({
  id: '00000001-0000-4000-8000-0000000000e2',
  name: 'Nachtflohmarkt 2024',
  startDateTime: '2024-08-10T16:00:00.000Z',
  endDateTime: '2024-08-10T22:00:00.000Z',
  phase: 'ended',
  counts: { approved: 17, pending: 0, waitlisted: 0, rejected: 0, freePlaces: null },
});

function rowOf(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('li')!;
}

describe('/my-events "Meine Flohmärkte" (issue 30)', () => {
  it('lists my markets with date, place and counters, upcoming first, each with a direct way to its review list', async () => {
    mockAuthUser(participant, { '/api/me/events': [soon, past] });
    renderApp('/my-events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Flohmärkte' }, { timeout: 10_000 })).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Kommende Flohmärkte' });
    const earlier = screen.getByRole('region', { name: 'Vergangene Flohmärkte' });
    expect(within(upcoming).getByRole('link', { name: 'Hofflohmarkt Südstadt' })).toBeTruthy();
    expect(within(earlier).getByRole('link', { name: 'Nachtflohmarkt 2024' })).toBeTruthy();

    const row = rowOf('Hofflohmarkt Südstadt');
    expect(row.textContent).toContain('Sa 07.06.2031 · 08:00–16:00 Uhr');
    expect(row.textContent).toContain('Severinstraße 1, 50678 Köln');
    const counter = (label: string) => within(row).getByText(label).nextElementSibling?.textContent;
    expect(counter('Genehmigt')).toBe('1.250');
    expect(counter('Wartend')).toBe('5');
    expect(counter('Warteliste')).toBe('1');
    expect(counter('Freie Plätze')).toBe('12 von 1.300');
    expect(within(row).getByRole('link', { name: 'Anmeldungen prüfen (6)' }).getAttribute('href')).toBe(`/events/${soon.id}#anmeldungen`);
    expect(within(row).getByRole('link', { name: 'Bearbeiten' }).getAttribute('href')).toBe(`/events/${soon.id}/edit`);

    const old = rowOf('Nachtflohmarkt 2024');
    expect(within(old).getByText('Freie Plätze').nextElementSibling?.textContent).toBe('unbegrenzt');
    // Over: a plain way to the list, no call to review it.
    expect(within(old).getByRole('link', { name: 'Anmeldungen' }).getAttribute('href')).toBe(`/events/${past.id}#anmeldungen`);
    expect(within(old).queryByRole('link', { name: /Anmeldungen prüfen/ })).toBeNull();
  });

  it('says a cancelled market with its reason and asks to review neither its nor an ended market’s registrations', async () => {
    const cancelled = myEvent({
      ...soon,
      id: '00000001-0000-4000-8000-0000000000e3',
      name: 'Hofflohmarkt Abgesagt',
      status: 'cancelled',
      phase: 'cancelled',
      cancelReason: 'Sturmwarnung für Samstag.',
      counts: { ...soon.counts, pending: 1, waitlisted: 0 },
    });
    const ended = myEvent({ ...past, id: '00000001-0000-4000-8000-0000000000e4', name: 'Nachtflohmarkt 2025', counts: { ...past.counts, pending: 2 } });
    mockAuthUser(participant, { '/api/me/events': [cancelled, ended] });
    renderApp('/my-events');
    await screen.findByRole('link', { name: 'Hofflohmarkt Abgesagt' }, { timeout: 10_000 });

    const row = rowOf('Hofflohmarkt Abgesagt');
    expect(within(row).getByText('Abgesagt')).toBeTruthy();
    expect(within(row).getByText('Dieser Flohmarkt ist abgesagt. Grund: Sturmwarnung für Samstag.')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Anmeldungen/ })).toBeNull();
    // Nothing runs on its day: no market day, no team to gather, no free places to count.
    expect(within(row).queryByRole('link', { name: 'Markttag' })).toBeNull();
    expect(within(row).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(row.textContent).not.toContain('Freie Plätze');
    expect(within(rowOf('Nachtflohmarkt 2025')).getByRole('link', { name: 'Markttag' })).toBeTruthy();

    const over = rowOf('Nachtflohmarkt 2025');
    expect(within(over).queryByRole('link', { name: /prüfen/ })).toBeNull();
    const list = within(over).getByRole('link', { name: 'Anmeldungen' });
    expect(list.className).not.toContain('button--primary');
  });

  it('without a market says so and leads to creating one', async () => {
    mockAuthUser(participant, { '/api/me/events': [] });
    renderApp('/my-events');
    expect(await screen.findByText('Du veranstaltest noch keinen Flohmarkt.', undefined, { timeout: 10_000 })).toBeTruthy();
    const empty = screen.getByText('Du veranstaltest noch keinen Flohmarkt.').parentElement!;
    expect(within(empty).getByRole('link', { name: 'Flohmarkt erstellen' }).getAttribute('href')).toBe('/create-event');
  });

  it('asks a signed-out visitor to sign in and asks the server nothing', async () => {
    const fetchMock = mockAuthUser(null);
    renderApp('/my-events');
    expect(await screen.findByRole('link', { name: /Anmelden/ }, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/me/events'))).toEqual([]);
  });
});

describe('/my-events: the markets of my teams and an invite code (issue 36)', () => {
  const helping = myEvent({
    id: '00000001-0000-4000-8000-0000000000e3',
    name: 'Kinderflohmarkt Nippes',
    organizerId: '00000009-0000-4000-8000-000000000001',
    teamRole: 'helper',
  });
  const coOrganising = myEvent({
    id: '00000001-0000-4000-8000-0000000000e4',
    name: 'Flohmarkt am Rhein',
    organizerId: '00000009-0000-4000-8000-000000000001',
    teamRole: 'co-organizer',
  });

  it('gives my own markets and a co-organiser’s the team and the market day, a helper only the market day, each team market with its role', async () => {
    mockAuthUser(participant, { '/api/me/events': [soon, helping, coOrganising] });
    renderApp('/my-events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Flohmärkte' }, { timeout: 10_000 })).toBeTruthy();

    const own = rowOf('Hofflohmarkt Südstadt');
    expect(within(own).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe(`/events/${soon.id}/team`);
    expect(within(own).getByRole('link', { name: 'Markttag' }).getAttribute('href')).toBe(`/events/${soon.id}/markttag`);
    expect(within(own).queryByText('Helfer:in')).toBeNull();

    const helper = rowOf('Kinderflohmarkt Nippes');
    expect(within(helper).getByText('Helfer:in').className).toContain('badge');
    expect(within(helper).getByRole('link', { name: 'Markttag' }).getAttribute('href')).toBe(`/events/${helping.id}/markttag`);
    expect(within(helper).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(within(helper).queryByRole('link', { name: /Anmeldungen prüfen/ })).toBeNull();
    expect(within(helper).queryByRole('link', { name: 'Bearbeiten' })).toBeNull();

    const co = rowOf('Flohmarkt am Rhein');
    expect(within(co).getByText('Mitveranstalter:in')).toBeTruthy();
    expect(within(co).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe(`/events/${coOrganising.id}/team`);
    expect(within(co).getByRole('link', { name: 'Bearbeiten' })).toBeTruthy();
  });

  it('takes an invite code typed in lowercase with a space and opens its page', async () => {
    mockAuthUser(participant, {
      '/api/me/events': [],
      '/api/team-invites/AB3K9ZQ7': {
        code: 'AB3K9ZQ7',
        role: 'helper',
        expiresAt: '2031-06-07T14:00:00.000Z',
        event: { id: helping.id, name: 'Kinderflohmarkt Nippes', location: 'Neusser Straße, 50733 Köln', startDateTime: '2031-06-07T06:00:00.000Z' },
      },
    });
    renderApp('/my-events');
    const field = await screen.findByLabelText('Code aus der Einladung ins Team', {}, { timeout: 10_000 });
    fireEvent.change(field, { target: { value: 'ab3 k9z q7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Einladung ins Team' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Du bist als Helfer:in zu „Kinderflohmarkt Nippes“ eingeladen.')).toBeTruthy();
  });

  it('says at the field what is wrong with a code and stays', async () => {
    mockAuthUser(participant, { '/api/me/events': [] });
    renderApp('/my-events');
    const field = await screen.findByLabelText('Code aus der Einladung ins Team', {}, { timeout: 10_000 });
    fireEvent.change(field, { target: { value: 'AB0K9Z' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByText('Ein Einladungscode enthält nie 0, O, 1, I oder L. Prüfe das Zeichen noch einmal.').id).toBe('invite-code-error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Flohmärkte' })).toBeTruthy();
  });
});
