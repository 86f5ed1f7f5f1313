// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A Paint Timing observer that reports `names` once observing starts. */
function paintObserver(names: string[]) {
  return class {
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    observe() {
      queueMicrotask(() => this.callback({ getEntriesByName: (name: string) => names.filter((n) => n === name) }));
    }
    disconnect() {}
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('resolves as soon as the browser reports the first contentful paint', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', paintObserver(['first-paint', 'first-contentful-paint']));
    let resolved = false;
    void afterFirstPaint(10_000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
  });

  it('waits for the contentful paint, not any paint, and gives up after its time when none is reported', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', paintObserver(['first-paint']));
    let resolved = false;
    void afterFirstPaint(200).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(199);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it('gives up after its time in a browser without Paint Timing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {
          throw new TypeError('paint is not supported');
        }
        disconnect() {}
      },
    );
    let resolved = false;
    void afterFirstPaint(50).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(resolved).toBe(true);
  });
});
