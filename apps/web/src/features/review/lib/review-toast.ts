import { toast } from 'sonner';

/** Short: a reviewer saving every minute should not have toasts piling up over the rubric. */
export const REVIEW_TOAST_MS = 2000;

let last: string | number | null = null;

/**
 * "Review Saved", "Review Updated", "Application Skipped": one at a time, the newest replacing the
 * last. Each keeps the fresh id sonner gives it: sonner merges a toast into one of the same id that
 * is already leaving, and a save in the 200 ms while the previous toast closed vanished with it.
 */
export function showReviewToast(title: string): void {
  if (last !== null) toast.dismiss(last);
  last = toast.success(title, { duration: REVIEW_TOAST_MS });
}
