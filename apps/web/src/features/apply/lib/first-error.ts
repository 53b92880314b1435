import { toast } from 'sonner';
import { GUARDIAN_MESSAGE, TERMS_MESSAGE } from '@lanyard/shared/application';
import { attentionText } from '@/components/application-form/first-error';

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
