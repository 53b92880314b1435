import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, type ApplicantRole } from '@lanyard/shared/constants';
import { errorMessage } from '@/lib/api-client';
import { register } from './auth-api';
import { Spinner, SUBMIT_CLASS, TextField, type AuthFormProps } from './landing-ui';
import { showErrorToast } from './toast';
import { useLightForm } from './use-light-form';
import {
  hasErrors,
  normalizeEmail,
  PASSWORDS_DONT_MATCH,
  validateRegister,
  type RegisterValues,
} from './validation';

const ROLE_CHOICES = [
  { value: 'hacker', label: 'Participant (Hacker)' },
  { value: 'mentor', label: 'Mentor' },
] as const;

const ROLE_CLASS =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white p-3 transition-colors hover:border-slate-400 has-checked:border-brand-ink has-checked:bg-brand/5 has-checked:ring-1 has-checked:ring-brand-ink has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-ink';

export function RegisterForm({ onSignedIn, busy }: AuthFormProps) {
  const form = useLightForm<RegisterValues>(
    { email: '', password: '', confirmPassword: '' },
    validateRegister,
    ['email', 'password', 'confirmPassword'],
  );
  const [role, setRole] = useState<ApplicantRole>('hacker');
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending || busy) return;
    const { values, errors } = form.check();
    if (hasErrors(errors)) {
      if (errors.confirmPassword === PASSWORDS_DONT_MATCH) {
        showErrorToast(PASSWORDS_DONT_MATCH, 'Please make sure both password fields are identical.');
      }
      return;
    }
    setPending(true);
    try {
      onSignedIn(await register({ email: normalizeEmail(values.email), password: values.password, role }));
    } catch (err) {
      showErrorToast('Registration failed', errorMessage(err, 'Please try again later.'));
    } finally {
      setPending(false);
    }
  };

  const disabled = pending || busy;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Create an account">
      <TextField
        id="register-email"
        label="Email"
        error={form.errors.email}
        {...form.bind('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
      />
      <TextField
        id="register-password"
        label="Password"
        error={form.errors.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...form.bind('password')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="register-confirm-password"
        label="Confirm Password"
        error={form.errors.confirmPassword}
        {...form.bind('confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">I want to join as</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ROLE_CHOICES.map((choice) => (
            <label key={choice.value} className={ROLE_CLASS}>
              <input
                type="radio"
                name="role"
                value={choice.value}
                checked={role === choice.value}
                onChange={() => setRole(choice.value)}
                className="size-4 accent-(--brand-ink) focus-visible:outline-none"
              />
              <span className="text-sm font-semibold text-slate-900">{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={disabled} className={SUBMIT_CLASS}>
        {disabled ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </button>
    </form>
  );
}
