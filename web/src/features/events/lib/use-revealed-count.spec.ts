import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRevealedCount } from './use-revealed-count';

describe('useRevealedCount', () => {
  it('renders the first slice at once and the rest in slices, one per painted frame, until all are there', async () => {
    const { result } = renderHook(({ total }) => useRevealedCount(total, 12), { initialProps: { total: 50 } });
    expect(result.current).toBe(12);
    await vi.waitFor(() => expect(result.current).toBe(50));
  });

  it('shows a short list whole at once and never shrinks below what was shown when the list grows again', async () => {
    const { result, rerender } = renderHook(({ total }) => useRevealedCount(total, 12), { initialProps: { total: 4 } });
    expect(result.current).toBe(4);
    rerender({ total: 30 });
    await vi.waitFor(() => expect(result.current).toBe(30));
    rerender({ total: 2 });
    expect(result.current).toBe(2);
    await act(async () => {
      rerender({ total: 30 });
    });
    expect(result.current).toBe(30);
  });
});
