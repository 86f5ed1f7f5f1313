import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults (docs/product.md#in-the-browser)', () => {
  it('never goes stale, never refetches on its own and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
