import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface PaginationProps {
  /** 1-based current page. */
  page: number;
  /** Total number of pages (at least 1). */
  pages: number;
  /** `pages` is a lower bound: the list counted no further ("Page 1 of 200+"). */
  morePages?: boolean;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. "Applications pages". */
  label: string;
  className?: string;
}

/** "Page n of m" with Previous / Next buttons. */
export function Pagination({
  page,
  pages,
  morePages = false,
  onPageChange,
  label,
  className,
}: PaginationProps) {
  const total = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), total);
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button variant="secondary" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {current.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        {morePages ? '+' : ''}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={current >= total}
        onClick={() => onPageChange(current + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
