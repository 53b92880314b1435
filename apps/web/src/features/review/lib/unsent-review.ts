import { REVIEW_FLAGS, type ReviewFlag } from '@lanyard/shared/review';
import type { ReviewDraft } from './review-draft';

/**
 * What a reviewer has chosen on the application they hold but not yet sent: kept for this tab, so
 * opening an earlier review (or reloading on a shaky connection) and coming back finds the scores,
 * note and time spent where they were. One application at a time: a reviewer holds one.
 */
const KEY = 'review-unsent';

interface Unsent {
  applicationId: string;
  draft: ReviewDraft;
  elapsedMs: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (private mode, a sandbox): nothing is kept, as before.
    return null;
  }
}

export function readUnsent(applicationId: string): { draft: ReviewDraft; elapsedMs: number } | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Unsent>;
    const d = saved.draft;
    if (saved.applicationId !== applicationId || !d || typeof d !== 'object') return null;
    const scores = Object.fromEntries(
      Object.entries(d.scores ?? {}).filter(([, v]) => Number.isInteger(v)),
    ) as Record<string, number>;
    return {
      draft: {
        scores,
        note: typeof d.note === 'string' ? d.note : '',
        // Whatever else the tab's storage holds is dropped: only a flag the server knows comes back.
        flag: REVIEW_FLAGS.includes(d.flag as ReviewFlag) ? (d.flag as ReviewFlag) : null,
        flagReason: typeof d.flagReason === 'string' ? d.flagReason : '',
      },
      elapsedMs: typeof saved.elapsedMs === 'number' && saved.elapsedMs >= 0 ? saved.elapsedMs : 0,
    };
  } catch {
    return null;
  }
}

export function keepUnsent(applicationId: string, draft: ReviewDraft, elapsedMs: number): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ applicationId, draft, elapsedMs } satisfies Unsent));
  } catch {
    // Full or refused: the draft lives as long as the screen does.
  }
}

export function forgetUnsent(applicationId: string): void {
  try {
    const raw = storage()?.getItem(KEY);
    if (raw && (JSON.parse(raw) as Partial<Unsent>).applicationId === applicationId)
      storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
