import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { PublicUser } from '@lanyard/shared/auth';
import type { EventConfig } from '@lanyard/shared/event';
import { meQueryKey } from '@/api/get-me';
import { Toaster } from '@/components/ui/toaster';
import { EventConfigProvider } from '@/config/event-config';
import { createQueryClient } from '@/lib/query-client';
import { testEvent } from './event';

export interface RenderOptions {
  /** Where the memory router starts. */
  path?: string;
  /** The signed-in user (null: signed out) as the session query holds it; left out, it is fetched. */
  user?: PublicUser | null;
  event?: EventConfig;
  /** The app's own query client unless told, so retries and stale times are the real ones. */
  queryClient?: QueryClient;
}

/**
 * Renders as the app does (event config, query client, toaster) inside a memory router: `ui` is
 * either one element, shown at every path, or the routes a test moves between.
 */
export function renderWithProviders(ui: ReactElement | RouteObject[], options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(meQueryKey, options.user);
  const routes = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <EventConfigProvider config={options.event ?? testEvent}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </EventConfigProvider>,
  );
  return { ...result, router, queryClient };
}
