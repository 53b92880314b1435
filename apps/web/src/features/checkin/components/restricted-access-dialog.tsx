import { useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { toast } from 'sonner';
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
import { errorMessage, isApiError } from '@/lib/api-client';
import { useVerifyUploadPassword } from '../api/verify-upload-password';

interface RestrictedAccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server accepted the password; it is kept in memory only, for the upload itself. */
  onUnlocked: (password: string) => void;
}

/** The CSV upload is behind a password the server checks; a wrong one says "Incorrect password". */
export function RestrictedAccessDialog({ open, onOpenChange, onUnlocked }: RestrictedAccessDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {open ? <PasswordForm onUnlocked={onUnlocked} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PasswordForm({
  onUnlocked,
  onCancel,
}: {
  onUnlocked: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const verify = useVerifyUploadPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || verify.isPending) return;
    verify.mutate(password, {
      onSuccess: () => onUnlocked(password),
      onError: (err) => {
        // Never repeat what was typed; just say it was wrong and let them try again.
        setPassword('');
        if (isApiError(err) && err.status === 401)
          toast.error('Unauthorized', { description: 'Incorrect password' });
        else toast.error('Error', { description: errorMessage(err, 'Could not check the password') });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Restricted Access" className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Lock aria-hidden="true" className="size-5" />
          Restricted Access
        </DialogTitle>
        <DialogDescription>
          Enter the upload password to import check-in data from a CSV file.
        </DialogDescription>
      </DialogHeader>
      <FormField id="upload-password" label="Password">
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={verify.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!password || verify.isPending} aria-busy={verify.isPending}>
          {verify.isPending ? <Spinner className="size-4" /> : null}
          Unlock
        </Button>
      </DialogFooter>
    </form>
  );
}
