import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { loginBodySchema, type PublicUser } from '@lanyard/shared/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';

interface SignInFormProps {
  onSignedIn: (user: PublicUser) => void;
  busy: boolean;
}

export function SignInForm({ onSignedIn, busy }: SignInFormProps) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (err) =>
        toast.error('Login failed', {
          description: errorMessage(err, 'Please check your credentials and try again.'),
        }),
    }),
  );

  const pending = login.isPending || busy;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
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
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('password')}
            type="password"
            autoComplete="current-password"
            aria-required="true"
          />
        )}
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Link
          to={paths.forgotPassword}
          className="text-sm font-medium text-brand-ink underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? (
          <>
            <Spinner /> Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
      <p className="text-center text-xs text-slate-600">
        <Link to={paths.admin} className="underline underline-offset-4 hover:text-slate-900">
          Admin Portal Access
        </Link>
      </p>
    </form>
  );
}
