import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Busy and disconnected may pass in a moment: one quick retry. Not found and other errors will not. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return failures < 1;
  return failures < 1 && (error.kind === 'busy' || error.kind === 'disconnected');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        retryDelay: 600,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
