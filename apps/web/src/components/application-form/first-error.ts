import { prefersReducedMotion } from './confetti';

/** Scrolls to and focuses the first control marked invalid, in page order; null if there is none yet. */
export function focusFirstInvalid(root: HTMLElement | null): HTMLElement | null {
  const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!el) return null;
  const proxy = el.dataset.focusProxy ? document.getElementById(el.dataset.focusProxy) : null;
  const target = proxy ?? el;
  target.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return el;
}

/** The line beside the Submit button after a failed attempt: "3 answers need your attention". */
export const attentionText = (count: number) =>
  `${count} ${count === 1 ? 'answer needs' : 'answers need'} your attention`;
