import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './ScrollToTop';

/** jsdom lays nothing out: the window's scroll position is a number this test moves, as a browser would. */
let scrollY = 0;
function scrollTo(_x: number, y: number): void {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout'] });
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as typeof window.scrollTo);
  render(
    <MemoryRouter initialEntries={['/events/1']}>
      <ScrollToTop />
      <Navigator />
    </MemoryRouter>,
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ScrollToTop', () => {
  it('opens a stand at the top, and Back holds the list’s place while the page settles, also when content above it arrives late', () => {
    act(() => scrollTo(0, 2174));
    act(() => navigate('/stands/7'));
    expect(scrollY).toBe(0);
    act(() => navigate(-1));
    expect(scrollY).toBe(2174);
    expect(document.documentElement.style.overflowAnchor).toBe('none');
    // The stand list renders a moment later above the place; the browser's anchoring would follow the content below it.
    act(() => {
      scrollY = 2940;
      vi.advanceTimersByTime(50);
    });
    expect(scrollY).toBe(2174);
    // Settled: the page is the reader's again, and anchoring is back on.
    act(() => vi.advanceTimersByTime(2500));
    scrollY = 2500;
    act(() => vi.advanceTimersByTime(100));
    expect(scrollY).toBe(2500);
    expect(document.documentElement.style.overflowAnchor).toBe('');
  });

  it('lets a person who scrolls meanwhile win', () => {
    act(() => scrollTo(0, 1200));
    act(() => navigate('/stands/7'));
    act(() => navigate(-1));
    expect(scrollY).toBe(1200);
    act(() => {
      window.dispatchEvent(new Event('touchstart'));
      scrollY = 300;
      vi.advanceTimersByTime(100);
    });
    expect(scrollY).toBe(300);
  });
});
