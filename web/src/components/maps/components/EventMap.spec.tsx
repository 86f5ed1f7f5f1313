import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { EventMap } from './EventMap';

const event = makeEvent({ phase: 'running' });
// Far enough apart (about 140 m each) that no two merge into a cluster at zoom 16.
const at = (n: number) => ({ latitude: '52.48900000', longitude: (13.396 + n * 0.002).toFixed(8) });
const stands = [
  { ...makeStand({ eventId: event.id, standNumber: '1', ...at(1) }), liveState: 'open' as const },
  { ...makeStand({ eventId: event.id, standNumber: '2', ...at(2) }), liveState: 'closing' as const },
  { ...makeStand({ eventId: event.id, standNumber: '3', ...at(3) }), liveState: 'closed' as const },
  { ...makeStand({ eventId: event.id, standNumber: '4', ...at(4) }), liveState: 'absent' as const },
  // Outside the event day the read carries no live state.
  { ...makeStand({ eventId: event.id, standNumber: '5', ...at(5) }), liveState: null },
];

/** The pin Leaflet drew for a marker, found by the name it carries. */
function pin(title: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`.leaflet-marker-icon[title="${title}"]`);
  if (!element)
    throw new Error(
      `no marker named "${title}"; there are: ${[...document.querySelectorAll('.leaflet-marker-icon')].map((e) => e.getAttribute('title')).join(', ')}`,
    );
  return element;
}

describe('EventMap on the event day', () => {
  it('names each marker with its live state as the cards do and greys the stands that are closed or not there', () => {
    render(
      <MemoryRouter>
        <EventMap event={event} stands={stands} />
      </MemoryRouter>,
    );

    expect(pin('Stand #1 (Geöffnet)').classList).toContain('map-pin--green');
    expect(pin('Stand #2 (Bald zu)').classList).toContain('map-pin--green');
    expect(pin('Stand #3 (Geschlossen)').classList).toContain('map-pin--grey');
    expect(pin('Stand #4 (Heute nicht da)').classList).toContain('map-pin--grey');
    expect(pin('Stand #5').classList).toContain('map-pin--green');
    expect(document.querySelectorAll('.map-pin--grey')).toHaveLength(2);
  });

  it("keeps the event's own pin a picture under the stands, not a control: the stands' markers stay the targets", () => {
    render(
      <MemoryRouter>
        <EventMap event={event} stands={stands} />
      </MemoryRouter>,
    );
    const market = pin('Flohmarkt-Standort');
    expect(market.classList).toContain('map-pin--red');
    expect(market.getAttribute('role')).toBeNull();
    expect(market.getAttribute('tabindex')).toBeNull();
    expect(market.classList).not.toContain('leaflet-interactive');
    const stand = pin('Stand #1 (Geöffnet)');
    expect(stand.getAttribute('role')).toBe('button');
    expect(stand.getAttribute('tabindex')).toBe('0');
  });

  it("says the stand's state in its popup", async () => {
    render(
      <MemoryRouter>
        <EventMap event={event} stands={stands} />
      </MemoryRouter>,
    );
    fireEvent.click(pin('Stand #4 (Heute nicht da)'));
    const state = await screen.findByText('Heute nicht da');
    expect(state.closest('.map-popup')?.textContent).toContain('Stand Details');
  });
});
