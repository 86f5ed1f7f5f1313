import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULTS_SECTION_ID, useRevealResults } from './use-reveal-results';

/** The results section far below the fold, as on a phone under the hero. */
let scrolled: ReturnType<typeof vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>>;
beforeEach(() => {
  const section = document.createElement('section');
  section.id = RESULTS_SECTION_ID;
  section.getBoundingClientRect = () => ({ top: window.innerHeight + 400 }) as DOMRect;
  scrolled = vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>();
  section.scrollIntoView = scrolled;
  document.body.append(section);
});
afterEach(() => document.getElementById(RESULTS_SECTION_ID)?.remove());

type State = { place: string; settled: boolean; notFound: boolean };
const start = (initial: State) => renderHook(({ place, settled, notFound }: State) => useRevealResults(place, settled, notFound), { initialProps: initial });

describe('useRevealResults', () => {
  it('brings the results into view once the searched place is found', () => {
    const hook = start({ place: '', settled: true, notFound: false });
    act(() => hook.result.current('Köln '));
    hook.rerender({ place: 'Köln', settled: false, notFound: false });
    expect(scrolled).not.toHaveBeenCalled();
    hook.rerender({ place: 'Köln', settled: true, notFound: false });
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('leaves a place not found in the hero, where its notice stands', () => {
    const hook = start({ place: '', settled: true, notFound: false });
    act(() => hook.result.current('Nirgendwo'));
    hook.rerender({ place: 'Nirgendwo', settled: true, notFound: true });
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('lets an ask lapse when the person typed on before the place settled', () => {
    const hook = start({ place: '', settled: true, notFound: false });
    act(() => hook.result.current('Köln'));
    hook.rerender({ place: 'Köln', settled: false, notFound: false });
    hook.rerender({ place: 'Kölner Dom', settled: true, notFound: false });
    // Later, the same place again by typing alone: the keyboard is open, nothing scrolls.
    hook.rerender({ place: 'Köln', settled: true, notFound: false });
    expect(scrolled).not.toHaveBeenCalled();
  });
});
