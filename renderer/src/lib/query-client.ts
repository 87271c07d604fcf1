import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { UnauthorizedError } from './api-errors';

/**
 * Spec platform section 9: server state is fetched once and kept; pages refresh it explicitly by
 * invalidating. Query errors go to the nearest error boundary, except an expired session, which
 * the API client already turned into a trip to /login.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        throwOnError: (error) => !(error instanceof UnauthorizedError),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Options a feature's mutation hook accepts from its caller, typed from its fetcher. */
export type MutationConfig<Fn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;
