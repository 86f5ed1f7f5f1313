import type { TExhibitorProfile } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeExhibitor } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';
import { VISIBILITY_TEXTS } from './ProfileVisibilityCard';

const PROFILE: TExhibitorProfile = {
  id: '0d9f4a8e-58b2-4c1e-9d6f-7a1b2c3d4e5f',
  userId: participant.id,
  bio: 'Alte Bücher',
  specialties: [],
  kleinanzeigenUrl: null,
  vintedUrl: null,
  totalStands: 0,
  avgRating: '0',
  visibility: 'public',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** The profile page with a server that keeps what was sent; answers `refusal` to a write when given. */
function profilePage(start: TExhibitorProfile | null, refusal?: string) {
  let stored = start;
  const writes: { method: string; path: string; body: unknown }[] = [];
  const write = (url: URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Partial<TExhibitorProfile>;
    writes.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    if (refusal) return json({ message: refusal }, 400);
    stored = { ...(stored ?? { ...PROFILE, id: 'aaaaaaaa-58b2-4c1e-9d6f-7a1b2c3d4e5f' }), ...body };
    return json(stored, init?.method === 'POST' ? 201 : 200);
  };
  mockAuthUser(participant, {
    '/api/exhibitor-profiles': (url: URL, init?: RequestInit) => ((init?.method ?? 'GET') === 'GET' ? json(stored ? [stored] : []) : write(url, init)),
    [`/api/exhibitor-profiles/${PROFILE.id}`]: write,
    [`/api/exhibitors/${participant.id}`]: makeExhibitor({ id: participant.id }),
    [`/api/stands/user/${participant.id}`]: [],
  });
  renderApp('/profile');
  return writes;
}

describe('Mein Profil → Sichtbarkeit', () => {
  it('switches a public profile to private with a PUT and says what that means', async () => {
    const writes = profilePage(PROFILE);
    const card = (await screen.findByRole('heading', { name: VISIBILITY_TEXTS.title })).closest('section')!;
    const toggle = within(card).getByRole('switch', { name: VISIBILITY_TEXTS.label }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(within(card).getByText(VISIBILITY_TEXTS.hintPublic)).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', path: `/api/exhibitor-profiles/${PROFILE.id}`, body: { visibility: 'private' } }]));
    expect(await within(card).findByText(VISIBILITY_TEXTS.hintPrivate)).toBeTruthy();
    expect(toggle.checked).toBe(false);
  });

  it('creates the profile for a user without one, with just the choice', async () => {
    const writes = profilePage(null);
    fireEvent.click(await screen.findByRole('switch', { name: VISIBILITY_TEXTS.label }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: '/api/exhibitor-profiles', body: { visibility: 'private' } }]));
  });

  it("shows the server's refusal and leaves the switch as it was", async () => {
    profilePage(PROFILE, 'Ungültige Sichtbarkeit des Profils: erlaubt sind public und private.');
    const toggle = (await screen.findByRole('switch', { name: VISIBILITY_TEXTS.label })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('Ungültige Sichtbarkeit des Profils: erlaubt sind public und private.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});

describe('Mein Profil → bearbeiten', () => {
  it('takes the focus into the form and back to „Profil bearbeiten“ (each takes the other’s place)', async () => {
    profilePage(PROFILE);
    fireEvent.click(await screen.findByRole('button', { name: 'Profil bearbeiten' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Vorname/)));

    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Profil bearbeiten' })));
  });
});
