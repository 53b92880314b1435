import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { passwordResetFormSchema } from '@lanyard/shared/auth';
import { PASSWORD_MIN } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useResetPassword } from '../api/reset-password';
import { AuthCardLayout } from './auth-card-layout';

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const oobCode = params.get('oob_code') ?? '';
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { new_password: '', confirmPassword: '' },
  });

  if (!oobCode) {
    return (
      <AuthCardLayout title="Reset password">
        <div className="flex flex-col gap-6">
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">
              This reset link is incomplete. Please use the link from your email, or ask for a new one.
            </AlertDescription>
          </Alert>
          <Button asChild>
            <Link to={paths.forgotPassword}>Request a new link</Link>
          </Button>
        </div>
      </AuthCardLayout>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthCardLayout title="Password updated">
        <div className="flex flex-col gap-6">
          <Alert tone="success" role="status">
            <CircleCheck aria-hidden="true" />
            <AlertDescription className="mt-0">
              {resetPassword.data.message ||
                'Your password has been reset. You can now sign in with your new password.'}
            </AlertDescription>
          </Alert>
          <Button asChild>
            <Link to={paths.home}>Sign in</Link>
          </Button>
        </div>
      </AuthCardLayout>
    );
  }

  const onSubmit = handleSubmit(({ new_password }) =>
    resetPassword.mutate({ oob_code: oobCode, new_password }),
  );

  return (
    <AuthCardLayout
      title="Choose a new password"
      description="Pick a password you have not used here before."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Choose a new password">
        <FormField
          id="reset-password"
          label="New Password"
          error={errors.new_password?.message}
          hint={`At least ${PASSWORD_MIN} characters.`}
        >
          {(control) => (
            <Input
              {...control}
              {...register('new_password')}
              type="password"
              autoComplete="new-password"
              aria-required="true"
            />
          )}
        </FormField>
        <FormField
          id="reset-confirm-password"
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
        {resetPassword.isError ? (
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">
              {errorMessage(resetPassword.error, 'Could not reset your password. Please try again.')}{' '}
              <Link to={paths.forgotPassword} className="font-semibold underline underline-offset-4">
                Request a new link
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" size="lg" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? (
            <>
              <Spinner /> Saving...
            </>
          ) : (
            'Reset Password'
          )}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
