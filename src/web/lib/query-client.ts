import { QueryClient } from '@tanstack/react-query';
import { retryOnce } from './api-core';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: retryOnce,
        retryDelay: 600,
        refetchOnWindowFocus: false,
      },
      // A change made offline fails at once with the Disconnected wording (docs/product.md §8)
      // instead of waiting unseen, its button grey, for a connection that may never come.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
