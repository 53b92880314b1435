import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { formatBoundedTotal } from '@lanyard/shared/common';
import type { DetailPosition } from '../../lib/detail-position';
import { formatCount } from '../../lib/labels';

interface DetailNavBarProps {
  position: DetailPosition | null;
  /**
   * A step or a decision is under way: the buttons say so (aria-disabled, and their handlers ignore
   * it) but stay focusable, so a keyboard user pressing Enter on Next keeps their place.
   */
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Where the open application stands in the list: "N of TOTAL" between Previous and Next. */
export function positionLabel(position: DetailPosition | null): string {
  if (!position) return '';
  if (position.number === null) return 'No longer in this list';
  return `${formatCount(position.number)} of ${formatBoundedTotal({ total: position.total, total_capped: position.capped })}`;
}

/**
 * Previous / position / Next, kept at the bottom of the dialog while it scrolls, so a phone reaches
 * them without scrolling back (the dialog is taller than a phone's screen).
 */
export function DetailNavBar({ position, busy, onPrevious, onNext }: DetailNavBarProps) {
  return (
    <div
      role="group"
      aria-label="Browse applications"
      className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-6 py-3"
    >
      <Button
        variant="secondary"
        size="sm"
        onClick={onPrevious}
        disabled={!position?.previous}
        aria-disabled={busy || undefined}
        aria-keyshortcuts="K"
      >
        <ChevronLeft aria-hidden="true" />
        Previous<span className="sr-only"> application</span>
        <Kbd>K</Kbd>
      </Button>
      <p className="text-center text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
        {positionLabel(position)}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={onNext}
        disabled={!position?.next}
        aria-disabled={busy || undefined}
        aria-keyshortcuts="J"
      >
        Next<span className="sr-only"> application</span>
        <ChevronRight aria-hidden="true" />
        <Kbd>J</Kbd>
      </Button>
    </div>
  );
}
