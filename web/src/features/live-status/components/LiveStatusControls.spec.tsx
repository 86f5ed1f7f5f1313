import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LiveStatusBadge } from './LiveStatusBadge';
import { LiveStatusControls, TEAM_SAYS_ABSENT } from './LiveStatusControls';

const now = Date.now();
const today = makeEvent({ startDateTime: new Date(now - 3_600_000).toISOString(), endDateTime: new Date(now + 3_600_000).toISOString(), phase: 'running' });
const later = makeEvent({ startDateTime: '2099-06-01T08:00:00.000Z', endDateTime: '2099-06-01T15:00:00.000Z', phase: 'upcoming' });

describe('live status', () => {
  it('shows the badge only where the read carries a state', () => {
    const absent = renderWithProviders(<LiveStatusBadge stand={{ ...makeStand(), liveState: 'absent' }} />);
    expect(screen.getByText('Heute nicht da')).toBeTruthy();
    absent.unmount();
    renderWithProviders(<LiveStatusBadge stand={{ ...makeStand(), liveState: null }} />);
    expect(screen.queryByText(/Geöffnet|Bald zu|Geschlossen|Heute nicht da/)).toBeNull();
  });

  it('lets the owner set the state on the event day with PATCH /live', async () => {
    const stand = makeStand({ eventId: today.id, status: 'approved' });
    const bodies: unknown[] = [];
    mockAuthUser(participant, {
      [`/api/stands/${stand.id}/live`]: (_url: URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ ...stand, liveState: 'closing' });
      },
    });
    renderWithProviders(<LiveStatusControls stand={stand} event={today} allowed />);
    fireEvent.click(screen.getByRole('button', { name: 'Bald zu' }));
    await waitFor(() => expect(bodies).toEqual([{ state: 'closing' }]));
  });

  it("says why 'Geöffnet' did not take when the market day's team ticked the stand 'Nicht da'", async () => {
    const stand = makeStand({ eventId: today.id, status: 'approved' });
    mockAuthUser(participant, { [`/api/stands/${stand.id}/live`]: () => json({ ...stand, liveState: 'absent' }) });
    renderWithProviders(<LiveStatusControls stand={{ ...stand, liveState: 'absent' }} event={today} allowed />);
    fireEvent.click(screen.getByRole('button', { name: 'Geöffnet' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEAM_SAYS_ABSENT);
  });

  it('says nothing more when the state chosen is the one visitors see', async () => {
    const stand = makeStand({ eventId: today.id, status: 'approved' });
    const answered: string[] = [];
    mockAuthUser(participant, {
      [`/api/stands/${stand.id}/live`]: () => {
        answered.push('absent');
        return json({ ...stand, liveState: 'absent' });
      },
    });
    renderWithProviders(<LiveStatusControls stand={stand} event={today} allowed />);
    fireEvent.click(screen.getByRole('button', { name: 'Heute nicht da' }));
    await waitFor(() => expect(answered).toEqual(['absent']));
    expect(screen.queryByText(TEAM_SAYS_ABSENT)).toBeNull();
  });

  it('shows the server’s German refusal', async () => {
    const stand = makeStand({ eventId: today.id, status: 'approved' });
    mockAuthUser(participant, { [`/api/stands/${stand.id}/live`]: () => json({ message: 'Den Status kannst du nur am Tag des Flohmarkts setzen.' }, 403) });
    renderWithProviders(<LiveStatusControls stand={stand} event={today} allowed />);
    fireEvent.click(screen.getByRole('button', { name: 'Geschlossen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Den Status kannst du nur am Tag des Flohmarkts setzen.');
  });

  it('offers no buttons to visitors or before the event day', () => {
    const stand = makeStand({ status: 'approved' });
    const visitor = renderWithProviders(<LiveStatusControls stand={stand} event={today} allowed={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    visitor.unmount();
    renderWithProviders(<LiveStatusControls stand={stand} event={later} allowed />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
