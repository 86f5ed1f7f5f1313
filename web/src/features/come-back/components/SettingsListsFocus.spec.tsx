import type { TAlert, TFollows, TUser } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { mockAuthUser, participant, renderApp, type ApiAnswers } from '@/testing/render-app';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => null, StandMap: () => null, LandingMap: () => null }));

const base: Omit<TAlert, 'id' | 'query' | 'categories'> = { lat: 50.94, lng: 6.96, radiusKm: 10, label: 'Köln', createdAt: '2026-11-20T10:00:00.000Z' };
const wish: TAlert = { ...base, id: '00000000-0000-4000-8000-0000000000a1', categories: [], query: 'Kinderfahrrad', mailsOff: true };
const plain: TAlert = { ...base, id: '00000000-0000-4000-8000-0000000000a2', categories: [], query: null, radiusKm: 5, mailsOff: false };
const OLGA = '00000009-0000-4000-8000-000000000001';
const PAUL = '00000009-0000-4000-8000-000000000002';
const person = (id: string, firstName: string, lastName: string) =>
  ({ id, firstName, lastName, role: 'organizer', createdAt: base.createdAt }) as unknown as TUser;
const noContent = () => new Response(null, { status: 204 });

/** /settings of a participant with these alerts and follows; every write answers 204. */
function openSettings(alerts: TAlert[], follows: TFollows, more: ApiAnswers = {}) {
  const fetchMock = mockAuthUser(participant, {
    '/api/me/alerts': alerts,
    '/api/me/follows': follows,
    [`/api/users/${OLGA}`]: person(OLGA, 'Olga', 'Orga'),
    [`/api/users/${PAUL}`]: person(PAUL, 'Paul', 'Platz'),
    ...more,
  });
  renderApp('/settings');
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof mockAuthUser>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => new URL(String(url), 'http://localhost').pathname);

describe('follows and alerts on /settings whose mails were switched off by a mail’s link (issue 34)', () => {
  afterEach(() => resetToasts());

  it('says „E-Mails abbestellt“ where the server says so, and switches them on again with the focus on what it did', async () => {
    const fetchMock = openSettings(
      [wish, plain],
      { organizers: [OLGA, PAUL], mailsOff: [PAUL] },
      {
        [`/api/me/alerts/${wish.id}/mail-opt-out`]: noContent,
        [`/api/me/follows/organizers/${PAUL}/mail-opt-out`]: noContent,
      },
    );
    const alerts = await screen.findByRole('list', { name: 'Deine Flohmarkt-Alarme' }, { timeout: 10_000 });
    const [wishRow, plainRow] = within(alerts).getAllByRole('listitem');
    expect(within(wishRow!).getByText('E-Mails abbestellt')).toBeTruthy();
    expect(within(plainRow!).queryByText('E-Mails abbestellt')).toBeNull();
    expect(within(plainRow!).queryByRole('button', { name: /E-Mails wieder erhalten/ })).toBeNull();

    const resume = within(wishRow!).getByRole('button', { name: 'E-Mails wieder erhalten: Suchauftrag „Kinderfahrrad“' });
    resume.focus();
    fireEvent.click(resume);
    const said = await screen.findByText('Du bekommst die E-Mails wieder: Suchauftrag „Kinderfahrrad“.');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(said.getAttribute('role')).toBe('status');
    expect(within(alerts).queryByText('E-Mails abbestellt')).toBeNull();

    const follows = screen.getByRole('list', { name: 'Veranstalter, denen du folgst' });
    const paul = await within(follows).findByRole('button', { name: 'E-Mails wieder erhalten: Paul P.' });
    expect(within(follows).getAllByText('E-Mails abbestellt')).toHaveLength(1);
    paul.focus();
    fireEvent.click(paul);
    const resumed = await screen.findByText('Du bekommst die E-Mails über neue Flohmärkte von Paul P. wieder.');
    await waitFor(() => expect(document.activeElement).toBe(resumed));
    expect(within(follows).queryByText('E-Mails abbestellt')).toBeNull();
    expect(writes(fetchMock)).toEqual([`/api/me/alerts/${wish.id}/mail-opt-out`, `/api/me/follows/organizers/${PAUL}/mail-opt-out`]);
  });

  it('hands the focus of a deleted alert’s „Löschen“ and of „Nicht mehr folgen“ to the sentence saying what they did', async () => {
    openSettings(
      [wish, plain],
      { organizers: [OLGA], mailsOff: [] },
      {
        [`/api/me/alerts/${plain.id}`]: noContent,
        [`/api/me/follows/organizers/${OLGA}`]: noContent,
      },
    );
    const alerts = await screen.findByRole('list', { name: 'Deine Flohmarkt-Alarme' }, { timeout: 10_000 });
    const remove = within(alerts).getByRole('button', { name: 'Löschen: Flohmarkt-Alarm für Köln' });
    remove.focus();
    fireEvent.click(remove);
    const deleted = await screen.findByText('Gelöscht: Flohmarkt-Alarm für Köln.');
    await waitFor(() => expect(document.activeElement).toBe(deleted));
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(1);

    const unfollow = await screen.findByRole('button', { name: 'Nicht mehr folgen: Olga O.' });
    unfollow.focus();
    fireEvent.click(unfollow);
    const unfollowed = await screen.findByText('Du folgst Olga O. nicht mehr.');
    await waitFor(() => expect(document.activeElement).toBe(unfollowed));
    expect(screen.queryByRole('button', { name: 'Nicht mehr folgen: Olga O.' })).toBeNull();
  });
});
