import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { passwordResetBodySchema } from '@lanyard/shared/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCardLayout } from './auth-card-layout';

/** Neutral on purpose: the same words whether or not the e-mail has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password.";

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordResetBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => requestReset.mutate(values));

  return (
    <AuthCardLayout
      title="Forgot password?"
      description="Enter the email you registered with and we'll send you a link to choose a new password."
    >
      {requestReset.isSuccess ? (
        <div className="flex flex-col gap-6">
          <Alert tone="success" role="status">
            <MailCheck aria-hidden="true" />
            <AlertDescription className="mt-0">{RESET_REQUESTED_MESSAGE}</AlertDescription>
          </Alert>
          <Button asChild variant="secondary">
            <Link to={paths.home}>Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-5"
          aria-label="Request a password reset"
        >
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-required="true"
              />
            )}
          </FormField>
          {requestReset.isError ? (
            <Alert tone="error" role="alert">
              <AlertDescription className="mt-0">
                {errorMessage(requestReset.error, 'Something went wrong. Please try again.')}
              </AlertDescription>
            </Alert>
          ) : null}
          <Button type="submit" size="lg" disabled={requestReset.isPending}>
            {requestReset.isPending ? (
              <>
                <Spinner /> Sending...
              </>
            ) : (
              'Send reset link'
            )}
          </Button>
          <p className="text-center text-sm">
            <Link to={paths.home} className="font-medium text-brand-ink underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </AuthCardLayout>
  );
}
