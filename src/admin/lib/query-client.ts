import { QueryClient } from '@tanstack/react-query';
import { retryOnce } from '#web/lib/api-core';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryOnce, retryDelay: 600, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
