import { useSyncExternalStore } from 'react';

/**
 * Colours for the charts, each at least 4.5:1 on white, and told apart by more than colour: series
 * differ in dash pattern too, and every bar carries its number.
 */
export const INK = {
  brand: '#4f46e5',
  teal: '#0f766e',
  amber: '#b45309',
  rose: '#be123c',
  muted: '#64748b',
  grid: '#e2e8f0',
  text: '#334155',
} as const;

/** Dash patterns that go with the series colours, so a printout in grey still tells lines apart. */
export const DASH = { solid: undefined, dashed: '6 4', dotted: '2 3' } as const;

export const AXIS_TICK = { fill: INK.text, fontSize: 12 } as const;

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "12 people" / "1 person". */
export function people(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'person' : 'people'}`;
}

export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${((part / whole) * 100).toFixed(part / whole < 0.1 ? 1 : 0)}%`;
}

/** "Aug 18" for a YYYY-MM-DD day (the server's days are already the event's days). */
export function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const WIDE = '(min-width: 640px)';

/** Whether the screen is wider than a phone: long axis labels get more room there. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(WIDE);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(WIDE).matches ?? true,
    () => true,
  );
}

/** A label cut to fit beside a bar; the full text is in the table and the tooltip. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
