import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';

interface ConfirmSubmitDialogProps {
  open: boolean;
  submitting: boolean;
  /** 0 before sending; 10, 70 and 100 while submitting, so the bar shows the submit's progress. */
  progress: number;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Once submitted, responses cannot be edited": Cancel or Submit Application, then the progress. */
export function ConfirmSubmitDialog({
  open,
  submitting,
  progress,
  onCancel,
  onConfirm,
}: ConfirmSubmitDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !submitting) onCancel();
      }}
    >
      <DialogContent
        aria-describedby="confirm-submit-description"
        onEscapeKeyDown={(e) => submitting && e.preventDefault()}
        onInteractOutside={(e) => submitting && e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>
            {submitting ? 'Submitting your application...' : 'Submit your application?'}
          </DialogTitle>
          <DialogDescription id="confirm-submit-description">
            Once you submit, your responses cannot be edited. Please check your answers before you continue.
          </DialogDescription>
        </DialogHeader>
        {submitting ? (
          <div className="flex flex-col gap-2" aria-live="polite">
            <Progress value={progress} aria-label="Submission progress" />
            <p className="text-sm text-slate-600">
              {progress < 70
                ? 'Checking your resume...'
                : progress < 100
                  ? 'Sending your application...'
                  : 'Done!'}
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={submitting} aria-busy={submitting}>
            Submit Application
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
