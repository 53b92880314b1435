import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { EventConfig } from '@lanyard/shared/event';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { EventConfigProvider } from '@/config/event-config';
import { ErrorBoundary } from './error-boundary';

interface AppProviderProps {
  config: EventConfig;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProvider({ config, queryClient, children }: AppProviderProps) {
  return (
    <ErrorBoundary>
      <EventConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </QueryClientProvider>
      </EventConfigProvider>
    </ErrorBoundary>
  );
}
