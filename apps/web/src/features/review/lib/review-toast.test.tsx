import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { toast } from 'sonner';
import { Toaster } from '@/components/ui/toaster';
import { REVIEW_TOAST_MS, showReviewToast } from './review-toast';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  cleanup();
  vi.useRealTimers();
});

// sonner dismisses on the next animation frame and removes 200 ms later.
function fakeTimers() {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
}

/** The titles of the toasts shown, not those on their way out. */
function onScreen(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast][data-removed="false"] [data-title]')].map(
    (el) => el.textContent ?? '',
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the review toast', () => {
  it('shows a review saved just as the previous toast closes (it used to vanish with it)', async () => {
    fakeTimers();
    render(<Toaster />);
    act(() => showReviewToast('Application Skipped'));
    await advance(50);
    expect(onScreen()).toEqual(['Application Skipped']);

    // The skip's toast times out and starts leaving; the next save comes in during its exit.
    await advance(REVIEW_TOAST_MS + 50);
    act(() => showReviewToast('Review Updated'));
    await advance(600);
    expect(onScreen()).toEqual(['Review Updated']);
  });

  it('keeps one review toast on screen: the next replaces the last', async () => {
    fakeTimers();
    render(<Toaster />);
    act(() => showReviewToast('Review Saved'));
    await advance(300);
    act(() => showReviewToast('Review Updated'));
    await advance(600);
    expect(onScreen()).toEqual(['Review Updated']);
  });
});
