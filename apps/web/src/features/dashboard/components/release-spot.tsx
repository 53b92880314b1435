import { useState } from 'react';
import { DoorOpen } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useWithdrawAttendance } from '../api/withdraw-attendance';
import { releaseCopy } from '../lib/rsvp-card';
import { RsvpConfirmDialog } from './rsvp-confirm-dialog';

export const RELEASE_ERROR = "We couldn't release your spot. Please try again.";

interface ReleaseSpotProps {
  eventName: string;
  /** The place is released: the card says so and takes focus. */
  onReleased: () => void;
  /** The server holds something else than this page showed (answered or changed elsewhere). */
  onRefetchApplication: () => void;
}

/**
 * "I can no longer attend" (issue 14, item 6, decision 015): a confirmed attendee frees their place,
 * after typing "confirm" as for a decline, since it cannot be undone in the portal.
 */
export function ReleaseSpot({ eventName, onReleased, onRefetchApplication }: ReleaseSpotProps) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawAttendance();
  const copy = releaseCopy(eventName);

  const confirm = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        onReleased();
      },
      onError: (err) => {
        setOpen(false);
        const known = isApiError(err) && err.status === 409;
        toast.error(RELEASE_ERROR, { description: known ? err.message : undefined });
        if (known) onRefetchApplication();
      },
    });

  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-slate-600">
        Plans changed? Releasing your spot lets someone on the waitlist take it.
      </p>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} disabled={withdraw.isPending}>
        <DoorOpen aria-hidden="true" />I can no longer attend
      </Button>
      <RsvpConfirmDialog
        open={open}
        onOpenChange={setOpen}
        copy={copy}
        pending={withdraw.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
