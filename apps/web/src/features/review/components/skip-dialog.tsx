import { SKIP_REASONS, SKIP_REASON_LABELS, type SkipReason } from '@lanyard/shared/review';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

interface SkipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onSkip: (reason: SkipReason) => void;
}

/**
 * Skip: one button per reason, so the choice is the confirmation (S, then Enter skips for a
 * conflict of interest). The reviewer is never given the application again.
 */
export function SkipDialog({ open, onOpenChange, busy, onSkip }: SkipDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Skip This Application</DialogTitle>
          <DialogDescription>
            Why are you skipping it? You will not be given it again, and the skip does not count as a review.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {SKIP_REASONS.map((reason) => (
            <Button
              key={reason}
              variant="secondary"
              className="h-auto min-h-11 justify-start py-2.5 text-left whitespace-normal"
              disabled={busy}
              onClick={() => onSkip(reason)}
            >
              {SKIP_REASON_LABELS[reason]}
            </Button>
          ))}
        </div>
        <DialogFooter>
          {busy ? (
            <p role="status" className="mr-auto flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="size-4" /> Skipping...
            </p>
          ) : null}
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
