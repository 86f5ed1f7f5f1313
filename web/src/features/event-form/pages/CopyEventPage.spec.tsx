import { IDEMPOTENCY_HEADERS, SCREENS, VALIDATION } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';
import { describedText } from '@/testing/render-with-providers';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));
vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001', role: 'organizer' as const };
const source = makeEvent({
  organizerId: organiser.id,
  seriesId: null,
  copiedFromId: null,
  name: 'Hofflohmarkt Kreuzberg',
  location: 'Bergmannstraße, 10961 Berlin',
});
const copy = makeEvent({
  organizerId: organiser.id,
  seriesId: null,
  copiedFromId: source.id,
  name: source.name,
  startDateTime: '2030-09-07T07:00:00.000Z',
  endDateTime: '2030-09-07T14:00:00.000Z',
});

/** Source and copy as the service answers them; the copy call's answer is `answer`. */
function mockCopy(user: typeof organiser, answer: (body: unknown) => Response) {
  return mockAuthUser(user, {
    [`/api/events/${source.id}`]: source,
    [`/api/events/${source.id}/copy`]: (_url: URL, init?: RequestInit) => answer(JSON.parse(String(init?.body))),
    [`/api/events/${copy.id}`]: copy,
  });
}

function fillTimes() {
  fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2030-09-07T09:00' } });
  fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2030-09-07T16:00' } });
}

describe('/events/:id/copy: Flohmarkt kopieren (issue 34)', () => {
  it('names the market copied, posts the two new times with an Idempotency-Key and opens the copy to edit', async () => {
    const fetchMock = mockCopy(organiser, () => json(copy, 201));
    renderApp(`/events/${source.id}/copy`);
    expect(await screen.findByRole('heading', { name: 'Flohmarkt kopieren' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Hofflohmarkt Kreuzberg')).toBeTruthy();
    expect(screen.getByText(/Bergmannstraße, 10961 Berlin/)).toBeTruthy();
    expect(screen.getByText('Alles außer den Terminen wird übernommen; Stände und Anmeldungen nicht.')).toBeTruthy();

    fillTimes();
    fireEvent.click(screen.getByRole('button', { name: 'Kopie anlegen' }));

    expect(await screen.findByRole('heading', { name: 'Event bearbeiten' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Kopie angelegt.')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    const [url, init] = posts[0]!;
    expect(String(url)).toBe(`/api/events/${source.id}/copy`);
    expect(JSON.parse(String(init?.body))).toEqual({
      startDateTime: '2030-09-07T07:00:00.000Z',
      endDateTime: '2030-09-07T14:00:00.000Z',
    });
    expect((init?.headers as Record<string, string>)[IDEMPOTENCY_HEADERS.key]).toBeTruthy();
  });

  it('asks for both times before posting anything', async () => {
    const fetchMock = mockCopy(organiser, () => json(copy, 201));
    renderApp(`/events/${source.id}/copy`);
    fireEvent.click(await screen.findByRole('button', { name: 'Kopie anlegen' }, { timeout: 10_000 }));
    expect(describedText(screen.getByLabelText(/^Beginn/))).toContain(VALIDATION.eventStartRequired);
    expect(describedText(screen.getByLabelText(/^Ende/))).toContain(VALIDATION.eventEndRequired);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal in its words and stays on the page", async () => {
    mockCopy(participant as typeof organiser, () => json({ message: SCREENS.eventEditForbidden }, 403));
    renderApp(`/events/${source.id}/copy`);
    await screen.findByRole('heading', { name: 'Flohmarkt kopieren' }, { timeout: 10_000 });
    fillTimes();
    fireEvent.click(screen.getByRole('button', { name: 'Kopie anlegen' }));
    const form = screen.getByRole('form', { name: 'Termine der Kopie' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(SCREENS.eventEditForbidden));
    expect(screen.getByRole('heading', { name: 'Flohmarkt kopieren' })).toBeTruthy();
  });
});
