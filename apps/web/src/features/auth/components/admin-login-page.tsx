import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { loginBodySchema, type PublicUser } from '@lanyard/shared/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminLogin } from '../api/admin-login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

const adminHome = () => paths.admin;

export function AdminLoginPage() {
  usePageTitle('Admin Portal');
  const { data: user } = useUser();
  const adminLogin = useAdminLogin();
  const { completeSignIn, isCompleting } = useCompleteSignIn({ fallback: adminHome });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  // An admin who is already signed in has nothing to do here.
  if (user?.role === 'admin' && !isCompleting) return <Navigate to={paths.admin} replace />;

  const onSubmit = handleSubmit((values) =>
    adminLogin.mutate(values, {
      onSuccess: (admin: PublicUser) => {
        completeSignIn(admin);
        toast.success('Admin Access Granted');
      },
      onError: (err) =>
        toast.error('Access Denied', {
          description: errorMessage(err, 'Invalid admin credentials or not authorized.'),
        }),
    }),
  );

  const pending = adminLogin.isPending || isCompleting;
  return (
    <main className="flex flex-1 items-center justify-center bg-slate-100 px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand text-brand-foreground">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">Admin Portal</h1>
          <CardDescription>Sign in with your organiser account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Admin sign in">
            <FormField id="admin-email" label="Email" error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...register('email')}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  aria-required="true"
                />
              )}
            </FormField>
            <FormField id="admin-password" label="Password" error={errors.password?.message}>
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
            <Button type="submit" size="lg" disabled={pending} className="w-full">
              {pending ? (
                <>
                  <Spinner /> Signing in...
                </>
              ) : (
                'Sign in'
              )}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm">
            <Link to={paths.home} className="font-medium text-brand-ink underline-offset-4 hover:underline">
              ← Back to Login
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
