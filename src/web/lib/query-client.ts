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
      mutations: { retry: false },
    },
  });
}
