import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { EventMap } from './lazy-maps';

describe('the lazily loaded maps', () => {
  it('hold the map’s place first and draw the map only after the page has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    // The frame is held back: until it has run (the browser painted), only the placeholder shows.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const event = makeEvent();
    render(
      <MemoryRouter>
        <EventMap event={event} stands={[makeStand({ eventId: event.id, latitude: '52.48900000', longitude: '13.39800000' })]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('Karte wird geladen');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.leaflet-container')).toBeNull();

    for (const callback of frames.splice(0)) callback(performance.now());
    await vi.waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });
  });
});
