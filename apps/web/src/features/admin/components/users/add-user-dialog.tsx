import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USER_ROLES, type UserRole } from '@lanyard/shared/constants';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCreateUser } from '../../api/users-create';

const ROLE_LABELS: Record<UserRole, string> = {
  hacker: 'Hacker',
  mentor: 'Mentor',
  admin: 'Admin',
  volunteer: 'Volunteer (check-in)',
  reviewer: 'Reviewer (applications)',
  sponsor: 'Sponsor (resume book)',
};

/**
 * Staff first: admins add staff here far more often than applicants (who register themselves).
 * A Record, so a new role cannot be left out of the list.
 */
const ROLE_ORDER: Record<UserRole, number> = {
  volunteer: 0,
  reviewer: 1,
  admin: 2,
  hacker: 3,
  mentor: 4,
  sponsor: 5,
};
// Sponsors need a company and an access window: they are added from the Sponsors card instead.
const ROLE_CHOICES = USER_ROLES.filter((r) => r !== 'sponsor').sort((a, b) => ROLE_ORDER[a] - ROLE_ORDER[b]);
const ROLE_REQUIRED_MESSAGE = 'Choose a role';

/** The server's createUserBodySchema, with messages a person can read. */
const addUserSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254, 'Email is too long'),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  // No default: a role picked for the admin once made a volunteer an applicant.
  role: z.string().pipe(z.enum(USER_ROLES, { error: ROLE_REQUIRED_MESSAGE })),
});
type AddUserFields = z.input<typeof addUserSchema>;
type AddUserValues = z.output<typeof addUserSchema>;

const DEFAULT_VALUES: AddUserFields = { email: '', password: '', role: '' };

/** "Add user": lets an admin create another admin, a check-in volunteer or an applicant account. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden="true" />
        Add user
      </Button>
      <DialogContent>
        {/* Remount on every opening so the form starts empty. */}
        {open ? <AddUserForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const createUser = useCreateUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddUserFields, unknown, AddUserValues>({
    resolver: zodResolver(addUserSchema),
    defaultValues: DEFAULT_VALUES,
  });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    createUser.mutate(values, {
      onSuccess: (user) => {
        toast.success('Success', { description: `User ${user.email} has been created.` });
        onDone();
      },
      onError: (err) => setServerError(errorMessage(err, 'Failed to create user.')),
    });
  });

  const pending = createUser.isPending;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add user</DialogTitle>
        <DialogDescription>
          Create an account for a check-in volunteer, another admin or an applicant. The e-mail is marked
          verified.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Add user">
        {serverError ? (
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">{serverError}</AlertDescription>
          </Alert>
        ) : null}
        <FormField id="add-user-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="off"
              inputMode="email"
              aria-required="true"
            />
          )}
        </FormField>
        <FormField
          id="add-user-password"
          label="Password"
          error={errors.password?.message}
          hint={`At least ${PASSWORD_MIN} characters.`}
        >
          {(control) => (
            <Input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="new-password"
              aria-required="true"
            />
          )}
        </FormField>
        <FormField id="add-user-role" label="Role" error={errors.role?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('role')} aria-required="true">
              <option value="" disabled>
                {ROLE_REQUIRED_MESSAGE}
              </option>
              {ROLE_CHOICES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            Create user
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
