import { useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useExtendOffers } from '../../api/offers-extend';
import { defaultExtendParts, extendError, formatDueShort, rsvpCell } from '../../lib/offers';
import { DateTimeField } from '../settings/date-time-field';
import { localPartsToIso } from '../settings/settings-draft';

export const EXTEND_OFFER_ERROR = 'Failed to extend the deadline.';

interface ExtendOfferDialogProps {
  row: RsvpRow | null;
  onClose: () => void;
}

/**
 * One person's offer gets a new deadline (an expired one opens again): a date and time in the
 * admin's zone, two days on by default. Refusals show in the dialog, where the time is chosen.
 */
export function ExtendOfferDialog({ row, onClose }: ExtendOfferDialogProps) {
  const extend = useExtendOffers();
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open && !extend.isPending) onClose();
      }}
    >
      <DialogContent className="max-w-lg grid-cols-[minmax(0,1fr)]">
        {row ? <ExtendForm key={row._id} row={row} extend={extend} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface ExtendFormProps {
  row: RsvpRow;
  /** The dialog's mutation: it stays open while the extension is on its way. */
  extend: ReturnType<typeof useExtendOffers>;
  onDone: () => void;
}

function ExtendForm({ row, extend, onDone }: ExtendFormProps) {
  const [parts, setParts] = useState(() => defaultExtendParts(row.offer, new Date()));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const cell = rsvpCell(row);
  const expired = row.offer?.expired ?? false;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = localPartsToIso(parts.date, parts.time);
    if (!parsed.ok || parsed.iso === null) {
      setFieldError(parsed.ok ? 'Choose a date and time.' : parsed.error);
      return;
    }
    setFieldError(null);
    extend.mutate(
      { application_id: row._id, due_at: parsed.iso },
      {
        onSuccess: (done) => {
          toast.success('Deadline Extended', {
            description: `${row.name} can confirm until ${formatDueShort(done.due_at)}.`,
          });
          onDone();
        },
        onError: (err) => {
          const { field, form } = extendError(err, EXTEND_OFFER_ERROR);
          setFieldError(field);
          setFormError(form);
        },
      },
    );
  };

  return (
    <form noValidate aria-label="Extend deadline" className="flex flex-col gap-5" onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Extend deadline</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          <bdi>{row.name}</bdi> · {cell.label}
          {cell.note ? ` · ${cell.note}` : ''}
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-slate-700">
        {expired
          ? 'Their offer opens again until the new deadline, and counts as awaiting an answer.'
          : 'Their offer can be answered until the new deadline.'}{' '}
        Lanyard does not e-mail them about it, so let them know. It cannot be later than the RSVP deadline.
      </p>
      <DateTimeField
        idPrefix="extend-offer"
        legend="New deadline"
        date={parts.date}
        time={parts.time}
        error={fieldError ?? undefined}
        onChange={(date, time) => {
          setParts({ date, time });
          setFieldError(null);
        }}
        emptyText="Choose a date and time."
      />
      <p className="-mt-3 text-xs text-slate-600">Times are in your time zone ({zone}).</p>
      {formError ? (
        <Alert tone="error" role="alert">
          <AlertDescription className="mt-0">{formError}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={extend.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={extend.isPending} aria-busy={extend.isPending || undefined}>
          {extend.isPending ? <Spinner className="size-4" /> : <CalendarClock aria-hidden="true" />}
          Extend deadline
        </Button>
      </DialogFooter>
    </form>
  );
}
