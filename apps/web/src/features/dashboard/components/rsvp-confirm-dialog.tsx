import { useId, useState, type FormEvent } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { CONFIRM_WORD, confirmWordMatches, type ConfirmationCopy } from '../lib/rsvp-card';

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
 * The last step before an RSVP is sent (spec §5): a plain confirmation, or one the applicant unlocks by
 * typing "confirm" (any case). It cannot be dismissed while the answer is being sent.
 */
export function RsvpConfirmDialog({
  open,
  onOpenChange,
  copy,
  pending,
  onConfirm,
  onCloseAutoFocus,
}: RsvpConfirmDialogProps) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          onOpenAutoFocus={(event) => {
            // Straight to the word to type, when there is one (else Radix focuses Cancel).
            const input = (event.currentTarget as HTMLElement | null)?.querySelector('input');
            if (!input) return;
            event.preventDefault();
            input.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {/* Remounted on every opening, so the typed word starts empty. */}
          {open && copy ? <ConfirmBody copy={copy} pending={pending} onConfirm={onConfirm} /> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function ConfirmBody({
  copy,
  pending,
  onConfirm,
}: {
  copy: ConfirmationCopy;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const ready = !copy.typed || confirmWordMatches(typed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !pending) onConfirm();
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="flex flex-col gap-1.5">
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">{copy.title}</AlertDialog.Title>
        <AlertDialog.Description className="text-sm leading-relaxed text-slate-600">
          {copy.description}
        </AlertDialog.Description>
      </div>
      {copy.typed ? (
        <div className="grid gap-2">
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">{CONFIRM_WORD}</span> to continue
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            disabled={pending}
          />
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel asChild>
          <Button variant="secondary" disabled={pending}>
            Cancel
          </Button>
        </AlertDialog.Cancel>
        <Button
          type="submit"
          variant={copy.destructive ? 'destructive' : 'default'}
          disabled={!ready || pending}
          aria-busy={pending || undefined}
        >
          {pending ? <Spinner className="size-4" /> : null}
          {copy.actionLabel}
        </Button>
      </div>
    </form>
  );
}
