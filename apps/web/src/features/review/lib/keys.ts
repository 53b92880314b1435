import { isTypingTarget } from '@/lib/typing-target';

/** What a key press means on the review screen. */
export type ReviewKeyAction =
  | { type: 'score'; value: number }
  | { type: 'criterion'; step: 1 | -1 }
  | { type: 'change'; step: 1 | -1 }
  | { type: 'submit' }
  | { type: 'skip' };

/**
 * The score a digit key gives: 1 to 9, and 0 for 10. Read from the key, or from the key's place
 * when the layout needs Shift for digits (AZERTY types "&" on the 1 key).
 */
export function digitOf(event: Pick<KeyboardEvent, 'key' | 'code'>): number | null {
  let digit = /^[0-9]$/.test(event.key) ? event.key : '';
  if (!digit) digit = /^(?:Digit|Numpad)([0-9])$/.exec(event.code)?.[1] ?? '';
  if (!digit) return null;
  return digit === '0' ? 10 : Number(digit);
}

/** The letter of a key, from the layout or, when it has no Latin letters (Cyrillic, Greek), from its place. */
function letterOf(event: Pick<KeyboardEvent, 'key' | 'code'>): string {
  const letter = event.key.length === 1 ? event.key.toLowerCase() : '';
  if (/^[a-z]$/.test(letter)) return letter;
  return /^Key([A-Z])$/.exec(event.code)?.[1]?.toLowerCase() ?? '';
}

/** Focus where Enter and the arrows belong to the rubric: a score button, or nothing in particular. */
function rubricOwnsFocus(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target === document.body || target === document.documentElement) return true;
  return target.closest('[data-review-rubric]') !== null && target.getAttribute('role') === 'radio';
}

/**
 * The review action of a key press, or null. Never while typing (the note, the flag's reason), never
 * with Ctrl, Alt or Cmd (browser shortcuts) and never a held key's repeats. Digits and S work
 * wherever focus is; Enter and the arrows only on the rubric or the page itself, so a focused
 * button or link keeps its own Enter and a scrolled list its arrows.
 */
export function reviewKeyAction(event: KeyboardEvent): ReviewKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.repeat || event.isComposing || event.defaultPrevented) return null;
  if (isTypingTarget(event.target)) return null;
  const digit = digitOf(event);
  if (digit !== null) return { type: 'score', value: digit };
  if (event.shiftKey) return null;
  if (letterOf(event) === 's') return { type: 'skip' };
  if (!rubricOwnsFocus(event.target)) return null;
  switch (event.key) {
    case 'Enter':
      return { type: 'submit' };
    case 'ArrowDown':
      return { type: 'criterion', step: 1 };
    case 'ArrowUp':
      return { type: 'criterion', step: -1 };
    case 'ArrowRight':
      return { type: 'change', step: 1 };
    case 'ArrowLeft':
      return { type: 'change', step: -1 };
    default:
      return null;
  }
}
