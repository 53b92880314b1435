import { useState, type FormEvent } from 'react';
import { Building2 } from 'lucide-react';
import { toast } from 'sonner';
import { PASSWORD_MIN } from '@lanyard/shared/constants';
import { createSponsorBodySchema } from '@lanyard/shared/sponsors';
import { Alert, AlertDescription } from '@/components/ui/alert';
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
import { useCreateSponsor } from '../../api/sponsors';

/** A datetime-local value (the browser's local time) for `date`. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type Field = 'email' | 'password' | 'company' | 'access_from' | 'access_until';

/** "Add sponsor": an account for a sponsor's recruiter, with the company and when they may read the book. */
export function AddSponsorDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Building2 aria-hidden="true" />
        Add sponsor
      </Button>
      <DialogContent>{open ? <AddSponsorForm onDone={() => setOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function AddSponsorForm({ onDone }: { onDone: () => void }) {
  const create = useCreateSponsor();
  const now = new Date();
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    password: '',
    company: '',
    access_from: localInput(now),
    access_until: localInput(new Date(now.getTime() + 30 * 86_400_000)),
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const asIso = (v: string) => (Number.isNaN(Date.parse(v)) ? v : new Date(v).toISOString());
    const parsed = createSponsorBodySchema.safeParse({
      ...values,
      access_from: asIso(values.access_from),
      access_until: asIso(values.access_until),
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    create.mutate(parsed.data, {
      onSuccess: (s) => {
        toast.success('Success', { description: `Sponsor ${s.company} (${s.email}) has been created.` });
        onDone();
      },
      onError: (err) => setServerError(errorMessage(err, 'Failed to create the sponsor.')),
    });
  };

  const fields: { field: Field; label: string; type: string; hint?: string }[] = [
    { field: 'company', label: 'Company', type: 'text' },
    { field: 'email', label: 'Email', type: 'email' },
    { field: 'password', label: 'Password', type: 'password', hint: `At least ${PASSWORD_MIN} characters.` },
    { field: 'access_from', label: 'Access from', type: 'datetime-local' },
    { field: 'access_until', label: 'Access until', type: 'datetime-local' },
  ];
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add sponsor</DialogTitle>
        <DialogDescription>
          The sponsor signs in at the admin sign-in and reads the resume book between these times, nothing
          else.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Add sponsor">
        {serverError ? (
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">{serverError}</AlertDescription>
          </Alert>
        ) : null}
        {fields.map((f) => (
          <FormField
            key={f.field}
            id={`add-sponsor-${f.field}`}
            label={f.label}
            error={fieldErrors[f.field]}
            hint={f.hint}
          >
            {(control) => (
              <Input
                {...control}
                type={f.type}
                value={values[f.field]}
                onChange={set(f.field)}
                autoComplete={f.type === 'password' ? 'new-password' : 'off'}
                aria-required="true"
              />
            )}
          </FormField>
        ))}
        <DialogFooter>
          <Button variant="secondary" type="button" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null}
            Create sponsor
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
