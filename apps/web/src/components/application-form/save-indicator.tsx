import { Check, CloudOff } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { DraftSaveStatus } from './use-draft-autosave';

/** A quiet line saying whether the draft is saved. Never blocks anything. */
export function SaveIndicator({
  status,
  className,
  announce = true,
}: {
  status: DraftSaveStatus;
  className?: string;
  /** Only one indicator on the page should speak to screen readers. */
  announce?: boolean;
}) {
  return (
    <p
      role={announce ? 'status' : undefined}
      aria-live={announce ? 'polite' : undefined}
      data-testid="draft-status"
      className={cn('flex min-h-5 items-center gap-1.5 text-xs font-medium text-slate-600', className)}
    >
      {status === 'saving' ? (
        <>
          <Spinner className="size-3.5" />
          Saving...
        </>
      ) : null}
      {status === 'saved' ? (
        <>
          <Check aria-hidden="true" className="size-3.5 text-green-700" />
          Saved
        </>
      ) : null}
      {status === 'error' ? (
        <span className="flex items-center gap-1.5 text-amber-900">
          <CloudOff aria-hidden="true" className="size-3.5" />
          Not saved — retrying
        </span>
      ) : null}
    </p>
  );
}
