import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FROM_CACHE_MESSAGE } from '../lib/cache-rules';
import { resetOfflineStatusForTests, watchOfflineStatus } from '../lib/offline-status';
import { OfflineBanner } from './OfflineBanner';

/** The page's service worker container: only its message events matter here. */
let worker: EventTarget;

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
}

function workerSays(data: unknown) {
  act(() => void worker.dispatchEvent(new MessageEvent('message', { data })));
}

beforeEach(() => {
  resetOfflineStatusForTests();
  worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('OfflineBanner', () => {
  it('stays away while the browser is online and the data is fresh', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the data may be old as soon as the browser goes offline', () => {
    render(<OfflineBanner />);
    goOffline();
    expect(screen.getByRole('status').textContent).toBe('Du bist offline – die Daten können veraltet sein.');
    expect(screen.queryByRole('button', { name: 'Neu laden' })).toBeNull();
  });

  it('shows on a page opened offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain('Du bist offline');
  });

  it("says when the service worker answered from its cache, with the oldest copy's time in Berlin", () => {
    render(<OfflineBanner />);
    workerSays({ type: FROM_CACHE_MESSAGE, storedAt: '2026-06-13T08:30:00.000Z' });
    workerSays({ type: FROM_CACHE_MESSAGE, storedAt: '2026-06-12T17:05:00.000Z' });
    workerSays({ type: FROM_CACHE_MESSAGE, storedAt: null });
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('Keine Verbindung zum Server – die Daten können veraltet sein. Stand: 12.06.2026, 19:05 Uhr.');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
  });

  it('keeps a message that came before the banner was shown (the page asks for its data early)', () => {
    watchOfflineStatus();
    workerSays({ type: FROM_CACHE_MESSAGE, storedAt: '2026-06-13T08:30:00.000Z' });
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain('Keine Verbindung zum Server – die Daten können veraltet sein. Stand: 13.06.2026, 10:30 Uhr.');
  });

  it('ignores other messages of the worker', () => {
    render(<OfflineBanner />);
    workerSays({ type: 'CACHE_URLS' });
    workerSays('hallo');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('after the connection is back offers a reload when the page showed kept data, and leaves otherwise', () => {
    const { unmount } = render(<OfflineBanner />);
    goOffline();
    goOnline();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    resetOfflineStatusForTests();
    render(<OfflineBanner />);
    goOffline();
    workerSays({ type: FROM_CACHE_MESSAGE, storedAt: '2026-06-13T08:30:00.000Z' });
    goOnline();
    expect(screen.getByRole('status').textContent).toContain('Wieder online – die Daten können veraltet sein. Stand: 13.06.2026, 10:30 Uhr.');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
  });
});
