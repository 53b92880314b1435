import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * sonner's rich colours put their text on the pale toast backgrounds at 4.4:1 (error), 4.3:1
 * (success, info) and 3.1:1 (warning), under WCAG AA's 4.5:1 for 13 px text; the 800 shades of the
 * same status colours reach 6.8-8.1:1 (axe check in e2e/tests/a11y.spec.ts).
 */
const READABLE_STATUS_TEXT = {
  // Tailwind's red-800, green-800, amber-800 and blue-800 (the theme only emits variables in use).
  '--error-text': '#991b1b',
  '--success-text': '#166534',
  '--warning-text': '#92400e',
  '--info-text': '#1e40af',
} as CSSProperties;

/** Toasts: a title and a description (the error catalogue's wording), announced politely to screen readers. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      duration={5000}
      style={READABLE_STATUS_TEXT}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
