import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_CONNECTION_MESSAGE, NoConnectionError } from './api-client';
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

  describe('offline', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('a read and a save fail at once with the connection message instead of waiting paused', async () => {
      onlineManager.setOnline(false);
      const client = createQueryClient();
      const unreachable = vi.fn().mockRejectedValue(new NoConnectionError());
      await expect(client.fetchQuery({ queryKey: ['markt'], queryFn: unreachable })).rejects.toThrow(NO_CONNECTION_MESSAGE);
      const save = new MutationObserver(client, { mutationFn: unreachable });
      await expect(save.mutate(undefined)).rejects.toThrow(NO_CONNECTION_MESSAGE);
      expect(unreachable).toHaveBeenCalledTimes(2);
    });

    it('a read the service worker answers from its copy still arrives', async () => {
      onlineManager.setOnline(false);
      const client = createQueryClient();
      expect(await client.fetchQuery({ queryKey: ['markt'], queryFn: async () => ({ name: 'Hofflohmarkt' }) })).toEqual({ name: 'Hofflohmarkt' });
    });
  });
});
