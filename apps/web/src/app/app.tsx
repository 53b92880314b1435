import { useState } from 'react';
import type { EventConfig } from '@lanyard/shared/event';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRouter, createRouter } from './router';

export function App({ config }: { config: EventConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <AppProvider config={config} queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
