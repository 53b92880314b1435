import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { PASSWORD_MIN } from '@lanyard/shared/constants';
import {
  registerFormSchema,
  type PublicUser,
  type RegisterForm as RegisterValues,
} from '@lanyard/shared/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useRegister } from '../api/register';

const PASSWORDS_DONT_MATCH = "Passwords don't match";

const DEFAULT_VALUES: RegisterValues = { email: '', password: '', confirmPassword: '', role: 'hacker' };

const ROLE_CHOICES = [
  { value: 'hacker', label: 'Participant (Hacker)' },
  { value: 'mentor', label: 'Mentor' },
] as const;

interface RegisterFormProps {
  onSignedIn: (user: PublicUser) => void;
  busy: boolean;
}

export function RegisterForm({ onSignedIn, busy }: RegisterFormProps) {
  const registerUser = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: DEFAULT_VALUES,
  });

  const onInvalid = (formErrors: FieldErrors<RegisterValues>) => {
    if (formErrors.confirmPassword?.message === PASSWORDS_DONT_MATCH) {
      toast.error(PASSWORDS_DONT_MATCH, {
        description: 'Please make sure both password fields are identical.',
      });
    }
  };

  const onSubmit = handleSubmit(
    ({ email, password, role }) =>
      registerUser.mutate(
        { email, password, role },
        {
          onSuccess: onSignedIn,
          onError: (err) =>
            toast.error('Registration failed', { description: errorMessage(err, 'Please try again later.') }),
        },
      ),
    onInvalid,
  );

  const pending = registerUser.isPending || busy;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Create an account">
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            placeholder="you@example.com"
          />
        )}
      </FormField>
      <FormField
        id="register-password"
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
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('confirmPassword')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
          />
        )}
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">I want to join as</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ROLE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white p-3 transition-colors hover:border-slate-400',
                'has-checked:border-brand-ink has-checked:bg-brand/5 has-checked:ring-1 has-checked:ring-brand-ink',
                'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-ink',
              )}
            >
              <input
                type="radio"
                value={choice.value}
                {...register('role')}
                className="size-4 accent-(--brand-ink) focus-visible:outline-none"
              />
              <span className="text-sm font-semibold text-slate-900">{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </Button>
    </form>
  );
}
