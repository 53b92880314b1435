import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTypingTarget } from '@/lib/typing-target';

/** J next, K previous, A accept, W waitlist, R reject. */
export const REVIEW_KEYS = ['j', 'k', 'a', 'w', 'r'] as const;
export type ReviewKey = (typeof REVIEW_KEYS)[number];

/**
 * The review key of an event, or null when it is not one: a modifier means a browser or system
 * shortcut (Ctrl+R reloads, Cmd+W closes the tab), a repeat is a held key (one decision per
 * press), and letters typed into a field are text. The key's letter comes from the layout, or,
 * when the layout has no Latin letters (Cyrillic, Greek), from the key's place on the keyboard.
 */
export function reviewKeyOf(event: KeyboardEvent): ReviewKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  if (event.repeat || event.isComposing || event.defaultPrevented) return null;
  if (isTypingTarget(event.target)) return null;
  let letter = event.key.length === 1 ? event.key.toLowerCase() : '';
  if (!/^[a-z]$/.test(letter)) letter = /^Key([A-Z])$/.exec(event.code)?.[1]?.toLowerCase() ?? '';
  return (REVIEW_KEYS as readonly string[]).includes(letter) ? (letter as ReviewKey) : null;
}

/**
 * Calls the handler of a review key pressed anywhere on the page while `enabled` (the detail
 * dialog is open). Handlers may change on every render; the listener is added once.
 */
export function useReviewShortcuts(handlers: Partial<Record<ReviewKey, () => void>>, enabled: boolean): void {
  const latest = useRef(handlers);
  // Updated as soon as a render commits, before the browser hands over the next key event.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const key = reviewKeyOf(event);
      const handler = key ? latest.current[key] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
