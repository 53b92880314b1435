import { createContext, use, type ReactNode } from 'react';
import type { EventConfig } from '@lanyard/shared/event';
import { brandPalette } from '@/lib/color';

// The parts of the event configuration that need no zod: the landing page's first load renders with
// these alone (docs/decisions/005-light-landing.md); event-config.tsx re-exports them.

export const EVENT_CONFIG_ELEMENT_ID = 'event-config';

/** Brand colour as CSS variables (set through CSSOM, which the CSP allows). */
export function applyEventTheme(config: EventConfig, root: HTMLElement = document.documentElement): void {
  const palette = brandPalette(config.brandColor);
  root.style.setProperty('--brand', palette.brand);
  root.style.setProperty('--brand-foreground', palette.foreground);
  root.style.setProperty('--brand-ink', palette.ink);
}

const EventConfigContext = createContext<EventConfig | null>(null);

export function EventConfigProvider({ config, children }: { config: EventConfig; children: ReactNode }) {
  return <EventConfigContext value={config}>{children}</EventConfigContext>;
}

export function useEventConfig(): EventConfig {
  const config = use(EventConfigContext);
  if (!config) throw new Error('useEventConfig must be used inside <EventConfigProvider>');
  return config;
}

/** "Riverside Hacks XXVI" */
export function eventTitle(config: EventConfig): string {
  return [config.name, config.edition].filter(Boolean).join(' ');
}

/** Year shown in the footer: the event's own year (here, not in @lanyard/shared/event, whose zod
 * would join the landing page's first load). */
export function eventYear(config: Pick<EventConfig, 'startDate'>): string {
  return config.startDate.slice(0, 4);
}
