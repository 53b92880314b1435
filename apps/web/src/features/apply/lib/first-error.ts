import { toast } from 'sonner';
import { GUARDIAN_MESSAGE, TERMS_MESSAGE } from '@lanyard/shared/application';
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

/** The inline error shown for a control (its own, or its group's), as on screen. */
export function inlineErrorOf(el: HTMLElement): string | null {
  const ids = [el, el.closest('fieldset')].flatMap(
    (node) => node?.getAttribute('aria-describedby')?.split(/\s+/) ?? [],
  );
  for (const id of ids) {
    if (!id.endsWith('-error')) continue;
    const text = document.getElementById(id)?.textContent?.trim();
    if (text) return text;
  }
  return null;
}

/**
 * One toast per failed submit, about the answer the focus moved to: the spec's own toast when that
 * is the terms or the guardian, else how many answers need attention and the first of them.
 * (Toasting every rule that failed named the last problem while the focus went to the first.)
 */
export function toastFirstError(message: string | null, count: number) {
  if (message === TERMS_MESSAGE) {
    toast.error('Terms and Conditions', { description: TERMS_MESSAGE });
  } else if (message === GUARDIAN_MESSAGE) {
    toast.error('Guardian Information', { description: GUARDIAN_MESSAGE });
  } else {
    toast.error(attentionText(count), message ? { description: message } : undefined);
  }
}

export const attentionText = (count: number) =>
  `${count} ${count === 1 ? 'answer needs' : 'answers need'} your attention`;
