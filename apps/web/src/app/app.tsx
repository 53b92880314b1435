import type { QueryClient } from '@tanstack/react-query';
import type { EventConfig } from '@lanyard/shared/event';
import { AppProvider } from './provider';
import { AppRouter, type AppRouterInstance } from './router';

export function App({
  config,
  queryClient,
  router,
}: {
  config: EventConfig;
  queryClient: QueryClient;
  router: AppRouterInstance;
}) {
  return (
    <AppProvider config={config} queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
