import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

interface TypedConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Usually "Are you sure?". */
  title: string;
  description: ReactNode;
  /**
   * The word to type before the action is enabled (compared case-insensitively, surrounding spaces
   * ignored); null for a plain confirmation without typing.
   */
  confirmText?: string | null;
  /** The end of the typing prompt, "Type 12 to confirm"; "continue" unless told. */
  confirmVerb?: string;
  /** Label of the confirming button. */
  actionLabel: string;
  destructive?: boolean;
  /** Disables the buttons and shows a spinner while the action runs. */
  pending?: boolean;
  /** Keeps the action disabled, e.g. while what it will do is still being counted. */
  actionDisabled?: boolean;
  /** Extra content between the description and the word to type (options, previews). */
  children?: ReactNode;
  /** A wider dialog, for previews. */
  wide?: boolean;
  onConfirm: () => void;
  /** Where focus goes when the dialog closes (Radix returns it to the trigger otherwise). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Confirmation for destructive or global actions (admin bulk changes, an applicant's RSVP): the
 * person types a word to enable the action. It cannot be dismissed while the action runs.
 */
export function TypedConfirmDialog(props: TypedConfirmDialogProps) {
  const { open, onOpenChange, pending = false } = props;
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
          className={`fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ${props.wide ? 'max-w-2xl' : 'max-w-md'}`}
          onOpenAutoFocus={(event) => {
            // Straight to the word to type, when there is one (else Radix focuses Cancel).
            const input = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>(
              'input[data-typed-confirm]',
            );
            if (!input) return;
            event.preventDefault();
            input.focus();
          }}
          onCloseAutoFocus={props.onCloseAutoFocus}
        >
          {/* Remount the body on every opening so the typed word starts empty. */}
          {open ? <ConfirmBody {...props} /> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function ConfirmBody({
  title,
  description,
  confirmText = 'confirm',
  confirmVerb = 'continue',
  actionLabel,
  destructive = false,
  pending = false,
  actionDisabled = false,
  children,
  onConfirm,
}: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const matches = confirmText === null || typed.trim().toLowerCase() === confirmText.trim().toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !pending && !actionDisabled) onConfirm();
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="flex flex-col gap-1.5">
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
        <AlertDialog.Description asChild>
          <div className="text-sm leading-relaxed text-slate-600">{description}</div>
        </AlertDialog.Description>
      </div>
      {children}
      {confirmText === null ? null : (
        <div className="grid gap-2">
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">{confirmText}</span> to {confirmVerb}
          </Label>
          <Input
            id={inputId}
            data-typed-confirm=""
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            disabled={pending}
          />
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel asChild>
          <Button variant="secondary" disabled={pending}>
            Cancel
          </Button>
        </AlertDialog.Cancel>
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'default'}
          disabled={!matches || pending || actionDisabled}
          aria-busy={pending || undefined}
        >
          {pending ? <Spinner className="size-4" /> : null}
          {actionLabel}
        </Button>
      </div>
    </form>
  );
}
