import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { CONFIRM_WORD, type ConfirmationCopy } from '../lib/rsvp-card';

interface RsvpConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  copy: ConfirmationCopy | null;
  pending: boolean;
  onConfirm: () => void;
  /** Where focus goes when the dialog closes (Radix returns it to the trigger otherwise). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The last step before an RSVP is sent: a plain confirmation, or one the applicant unlocks by
 * typing "confirm" (any case). It cannot be dismissed while the answer is being sent.
 */
export function RsvpConfirmDialog({ open, copy, ...rest }: RsvpConfirmDialogProps) {
  return (
    <TypedConfirmDialog
      {...rest}
      open={open && copy !== null}
      title={copy?.title ?? ''}
      description={copy?.description}
      confirmText={copy?.typed ? CONFIRM_WORD : null}
      actionLabel={copy?.actionLabel ?? ''}
      destructive={copy?.destructive}
    />
  );
}
