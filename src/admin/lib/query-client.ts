import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from './api-client';

/** One quick retry when the server was busy or out of reach; a refusal will not change. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (!(error instanceof AdminApiError)) return failures < 1;
  return failures < 1 && (error.kind === 'busy' || error.kind === 'disconnected');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay: 600, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
