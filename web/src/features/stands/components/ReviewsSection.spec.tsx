import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REVIEW_MESSAGES, STAND_API_ERRORS, type TReview } from '@flohmarkt/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';

/*
 * The stand page's reviews section, on the real page: no form at a cancelled market (it says why),
 * the signed-in writer deletes their own review after confirming, and an admin removes any.
 */

const visitor = {
  id: '00000009-0000-4000-8000-0000000000b1',
  email: 'vera@example.de',
  firstName: 'Vera',
  lastName: 'Besuch',
  profileImageUrl: null,
  role: 'participant' as const,
};
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const running = makeEvent({ startDateTime: hours(-2), endDateTime: hours(4) });
const stand = makeStand({ eventId: running.id });

const reviewBy = (reviewerId: string, rating: number, id: string, firstName: string): TReview => ({
  id,
  standId: stand.id,
  reviewerId,
  rating,
  comment: `${firstName} war da.`,
  createdAt: '2026-06-13T11:00:00.000Z',
  reviewer: { id: reviewerId, firstName, lastName: 'B.' },
});
const veras = reviewBy(visitor.id, 1, '00000009-0000-4000-8000-0000000000c1', 'Vera');
const others = reviewBy('00000009-0000-4000-8000-0000000000b2', 5, '00000009-0000-4000-8000-0000000000c2', 'Otto');

afterEach(() => {
  vi.unstubAllGlobals();
});

const section = async () => (await screen.findByRole('heading', { name: 'Bewertungen' }, { timeout: 10_000 })).closest('section') as HTMLElement;

describe('reviews at a cancelled market', () => {
  it.each([
    ['after its start', hours(-2)],
    ['before its start', hours(20)],
  ])('says reviews are not possible instead of offering the form (cancelled %s)', async (_when, start) => {
    const cancelled = makeEvent({ startDateTime: start, endDateTime: hours(30), status: 'cancelled', phase: 'cancelled' });
    const there = makeStand({ eventId: cancelled.id });
    mockAuthUser(visitor, { [`/api/events/${cancelled.id}`]: cancelled, [`/api/stands/${there.id}/reviews`]: [], [`/api/stands/${there.id}`]: there });
    renderApp(`/stands/${there.id}`);
    expect(await screen.findByText(REVIEW_MESSAGES.eventCancelled, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bewertung abschicken' })).toBeNull();
    expect(screen.queryByText(STAND_API_ERRORS.reviewBeforeStart)).toBeNull();
  });
});

describe('deleting one’s own review', () => {
  it('shows the writer “Löschen”, asks first, deletes it, and the list, the average and the form follow', async () => {
    let listed = [veras, others];
    const deletes: string[] = [];
    const fetchMock = mockAuthUser(visitor, {
      [`/api/events/${running.id}`]: running,
      [`/api/stands/${stand.id}`]: stand,
      [`/api/stands/${stand.id}/reviews`]: () => listed,
      [`/api/stands/${stand.id}/reviews/${veras.id}`]: (url: URL, init?: RequestInit) => {
        deletes.push(`${init?.method} ${url.pathname}`);
        listed = [others];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/stands/${stand.id}`);
    const reviews = await section();
    expect(await within(reviews).findByText('2 Bewertungen')).toBeTruthy();
    const average = () =>
      within(reviews.querySelector('.rating-summary') as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label');
    expect(average()).toBe('3 von 5 Sternen');

    // One button: on her own review, none on Otto's.
    expect(within(reviews).getAllByRole('button', { name: 'Löschen' })).toHaveLength(1);
    fireEvent.click(within(reviews).getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bewertung löschen?' });
    // Nothing is deleted before the confirmation.
    expect(deletes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(within(reviews).getByText('1 Bewertung')).toBeTruthy());
    expect(deletes).toEqual([`DELETE /api/stands/${stand.id}/reviews/${veras.id}`]);
    expect(average()).toBe('5 von 5 Sternen');
    expect(within(reviews).queryByText('Vera war da.')).toBeNull();
    // Her review is gone: she may write a new one.
    expect(within(reviews).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(await within(reviews).findByRole('button', { name: 'Bewertung abschicken' })).toBeTruthy();
    expect(await screen.findByText('Deine Bewertung ist gelöscht.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps the review when the writer cancels the question, and shows the refusal when the server refuses', async () => {
    mockAuthUser(visitor, {
      [`/api/events/${running.id}`]: running,
      [`/api/stands/${stand.id}`]: stand,
      [`/api/stands/${stand.id}/reviews`]: [veras, others],
      [`/api/stands/${stand.id}/reviews/${veras.id}`]: () => json({ message: REVIEW_MESSAGES.reviewNotFound }, 404),
    });
    renderApp(`/stands/${stand.id}`);
    const reviews = await section();
    fireEvent.click(await within(reviews).findByRole('button', { name: 'Löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Bewertung löschen?' })).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bewertung löschen?' })).toBeNull());
    expect(within(reviews).getByText('2 Bewertungen')).toBeTruthy();

    fireEvent.click(within(reviews).getByRole('button', { name: 'Löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Bewertung löschen?' })).getByRole('button', { name: 'Löschen' }));
    expect((await within(reviews).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.reviewNotFound);
  });
});

describe('an admin removing a review', () => {
  const admin = { ...visitor, id: '00000009-0000-4000-8000-0000000000a1', email: 'ada@example.de', firstName: 'Ada', role: 'admin' as const };

  it('offers “Entfernen” on every review, asks first, removes the one chosen; nobody else sees the button', async () => {
    let listed = [veras, others];
    const deletes: string[] = [];
    mockAuthUser(admin, {
      [`/api/events/${running.id}`]: running,
      [`/api/stands/${stand.id}`]: stand,
      [`/api/stands/${stand.id}/reviews`]: () => listed,
      [`/api/stands/${stand.id}/reviews/${others.id}`]: (url: URL, init?: RequestInit) => {
        deletes.push(`${init?.method} ${url.pathname}`);
        listed = [veras];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/stands/${stand.id}`);
    const reviews = await section();
    expect(await within(reviews).findByText('2 Bewertungen')).toBeTruthy();
    const buttons = within(reviews).getAllByRole('button', { name: /^Bewertung vom .* entfernen$/ });
    expect(buttons).toHaveLength(2);
    const ottosItem = within(reviews).getByText('Otto war da.').closest('li') as HTMLElement;
    fireEvent.click(within(ottosItem).getByRole('button', { name: /entfernen$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Bewertung entfernen?' });
    expect(deletes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));

    await waitFor(() => expect(within(reviews).getByText('1 Bewertung')).toBeTruthy());
    expect(deletes).toEqual([`DELETE /api/stands/${stand.id}/reviews/${others.id}`]);
    expect(within(reviews).queryByText('Otto war da.')).toBeNull();
    expect(await screen.findByText('Die Bewertung ist entfernt.')).toBeTruthy();
  });

  it('shows a visitor no “Entfernen”, only “Löschen” on their own', async () => {
    mockAuthUser(visitor, {
      [`/api/events/${running.id}`]: running,
      [`/api/stands/${stand.id}`]: stand,
      [`/api/stands/${stand.id}/reviews`]: [veras, others],
    });
    renderApp(`/stands/${stand.id}`);
    const reviews = await section();
    expect(await within(reviews).findByText('2 Bewertungen')).toBeTruthy();
    expect(within(reviews).queryByRole('button', { name: /entfernen$/ })).toBeNull();
    expect(within(reviews).getAllByRole('button', { name: 'Löschen' })).toHaveLength(1);
  });
});
