import { useState, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { login } from './auth-api';
import { PlainLink, type LinkComponent } from './landing-link';
import { Spinner, SUBMIT_CLASS, TextField, type AuthFormProps } from './landing-ui';
import { showErrorToast } from './toast';
import { useLightForm } from './use-light-form';
import { hasErrors, normalizeEmail, validateSignIn, type SignInValues } from './validation';

export function SignInForm({ onSignedIn, busy, Link = PlainLink }: AuthFormProps & { Link?: LinkComponent }) {
  const form = useLightForm<SignInValues>({ email: '', password: '' }, validateSignIn, ['email', 'password']);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending || busy) return;
    const { values, errors } = form.check();
    if (hasErrors(errors)) return;
    setPending(true);
    try {
      onSignedIn(await login({ email: normalizeEmail(values.email), password: values.password }));
    } catch (err) {
      showErrorToast('Login failed', errorMessage(err, 'Please check your credentials and try again.'));
    } finally {
      setPending(false);
    }
  };

  const disabled = pending || busy;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      <TextField
        id="signin-email"
        label="Email"
        error={form.errors.email}
        {...form.bind('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
      />
      <TextField
        id="signin-password"
        label="Password"
        error={form.errors.password}
        {...form.bind('password')}
        type="password"
        autoComplete="current-password"
      />
      <div className="-mt-2 flex justify-end">
        <Link
          href={paths.forgotPassword}
          className="text-sm font-medium text-brand-ink underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <button type="submit" disabled={disabled} className={SUBMIT_CLASS}>
        {disabled ? (
          <>
            <Spinner /> Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </button>
      <p className="text-center text-xs text-slate-600">
        <Link href={paths.admin} className="underline underline-offset-4 hover:text-slate-900">
          Admin Portal Access
        </Link>
      </p>
    </form>
  );
}
