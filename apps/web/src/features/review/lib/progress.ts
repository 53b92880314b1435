import type { ReviewProgress } from '@lanyard/shared/review';

const count = (n: number) => n.toLocaleString('en-US');

/** "You have reviewed 84; 1,912 applications still need reviews." (and "1 application still needs reviews"). */
export function progressLine({ reviewed, remaining }: ReviewProgress): string {
  const rest =
    remaining === 1
      ? '1 application still needs reviews'
      : `${count(remaining)} applications still need reviews`;
  return `You have reviewed ${count(reviewed)}; ${rest}.`;
}

/** "142 words", "1 word". */
export function wordCount(words: number): string {
  return words === 1 ? '1 word' : `${count(words)} words`;
}
