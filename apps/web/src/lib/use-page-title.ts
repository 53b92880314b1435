import { useEffect } from 'react';
import { eventTitle, useEventConfig } from '@/config/event-config';

/** "Page · Riverside Hacks XXVI" in the tab and for screen readers. */
export function usePageTitle(page?: string): void {
  const config = useEventConfig();
  const title = page ? `${page} · ${eventTitle(config)}` : eventTitle(config);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
