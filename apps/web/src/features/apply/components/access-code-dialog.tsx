import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useValidateAccessCode } from '../api/validate-access-code';

export const INVALID_ACCESS_CODE_MESSAGE = 'That access code is not valid.';

interface AccessCodeDialogProps {
  open: boolean;
  initialCode: string;
  onCancel: () => void;
  /** The code the server accepted. */
  onVerified: (code: string) => void;
}

/** Late mode's extra step before the confirmation (spec §4): the code is checked with the server first. */
export function AccessCodeDialog({ open, initialCode, onCancel, onVerified }: AccessCodeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {open ? <AccessCodeStep initialCode={initialCode} onCancel={onCancel} onVerified={onVerified} /> : null}
    </Dialog>
  );
}

function AccessCodeStep({ initialCode, onCancel, onVerified }: Omit<AccessCodeDialogProps, 'open'>) {
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | undefined>();
  const validate = useValidateAccessCode();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const trimmed = code.trim();
    if (!trimmed) {
      setError('Please enter your access code.');
      return;
    }
    setError(undefined);
    validate.mutate(trimmed, {
      onSuccess: (valid) => (valid ? onVerified(trimmed) : setError(INVALID_ACCESS_CODE_MESSAGE)),
      onError: (err) => setError(errorMessage(err, 'The code could not be checked. Please try again.')),
    });
  };

  return (
    <DialogContent aria-describedby="access-code-step-description">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <DialogHeader>
          <DialogTitle>Enter your access code</DialogTitle>
          <DialogDescription id="access-code-step-description">
            The application deadline has passed or applications need a code. Enter the special access code you
            were given to continue.
          </DialogDescription>
        </DialogHeader>
        <FormField id="access-code-step" label="Access code" error={error}>
          {(control) => (
            <Input
              {...control}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (error) setError(undefined);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-required="true"
              autoFocus
            />
          )}
        </FormField>
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={validate.isPending} aria-busy={validate.isPending}>
            {validate.isPending ? <Spinner /> : null}
            Continue
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
