import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { createStore } from 'jotai';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { GenericErrorScreen } from '../components/errors/generic-error-screen';
import { Toaster } from '../components/ui/toaster';
import { queryClient as appQueryClient } from '../lib/query-client';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own store; the app uses a fresh one. */
  store?: ReturnType<typeof createStore>;
  queryClient?: QueryClient;
}

export function AppProviders({ children, store, queryClient = appQueryClient }: AppProvidersProps) {
  return (
    <ErrorBoundary fallback={() => <GenericErrorScreen />}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          {children}
          <Toaster />
        </JotaiProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
