import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadForNewVersion } from './reload-for-new-version';

/** A window of its own per test: its listeners, storage, network state and reload. */
function fakeWindow({ onLine = true, storage = new Map<string, string>() as Map<string, string> | null } = {}) {
  const target = new EventTarget();
  const reload = vi.fn();
  const sessionStorage = {
    getItem: (key: string) => {
      if (!storage) throw new Error('SecurityError');
      return storage.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (!storage) throw new Error('SecurityError');
      storage.set(key, value);
    },
  };
  const win = Object.assign(target, { navigator: { onLine }, sessionStorage, location: { reload } }) as unknown as Window;
  reloadForNewVersion(win);
  /** Announces a failed import as Vite does; answers whether the page let the error go on. */
  const failImport = () => target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  return { reload, failImport };
}

describe('reloadForNewVersion', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('loads the page again when a script of an older version is gone, and keeps the error from the page', () => {
    const { reload, failImport } = fakeWindow();
    expect(failImport()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not load it again for a second failure within a minute: the error goes to the page', () => {
    const storage = new Map<string, string>();
    const first = fakeWindow({ storage });
    first.failImport();
    vi.advanceTimersByTime(59_000);
    const second = fakeWindow({ storage });
    expect(second.failImport()).toBe(true);
    expect(second.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(second.failImport()).toBe(false);
    expect(second.reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing without network, nor where the browser keeps no session storage', () => {
    const offline = fakeWindow({ onLine: false });
    expect(offline.failImport()).toBe(true);
    expect(offline.reload).not.toHaveBeenCalled();
    const noStorage = fakeWindow({ storage: null });
    expect(noStorage.failImport()).toBe(true);
    expect(noStorage.reload).not.toHaveBeenCalled();
  });
});
