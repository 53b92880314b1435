import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useSearchParams } from 'react-router';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { loginBodySchema, type PublicUser } from '@lanyard/shared/auth';
import { isStaffRole, type StaffRole } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { staffHome, staffMayReturnTo } from '@/lib/auth/staff-areas';
import { useUser } from '@/api/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminLogin } from '../api/admin-login';
import { oidcStartUrl, ssoErrorMessage, useOidcConfig } from '../api/oidc';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

const isStaff = (user: PublicUser | null | undefined): user is PublicUser & { role: StaffRole } =>
  isStaffRole(user?.role);
// Each staff role lands in its own area (lib/auth/staff-areas.ts): a volunteer on /checkin, a reviewer on /review.
const staffLanding = (user: PublicUser) => (isStaff(user) ? staffHome(user.role) : paths.admin);
const acceptSaved = (path: string, user: PublicUser) => isStaff(user) && staffMayReturnTo(user.role, path);

/**
 * "Admin Access Granted" is for admins; a volunteer is let into check-in only, a reviewer into
 * review only, and each is told so (docs/decisions/012).
 */
const ACCESS_GRANTED: Record<StaffRole, string> = {
  admin: 'Admin Access Granted',
  volunteer: 'Check-in Access Granted',
  reviewer: 'Review Access Granted',
  sponsor: 'Resume Book Access Granted',
};
function accessGranted(user: PublicUser): string {
  return isStaff(user) ? ACCESS_GRANTED[user.role] : ACCESS_GRANTED.admin;
}

export function AdminLoginPage() {
  usePageTitle('Admin Portal');
  const { data: user, isSuccess: userKnown } = useUser();
  const adminLogin = useAdminLogin();
  const oidc = useOidcConfig();
  const { completeSignIn, isCompleting } = useCompleteSignIn({ fallback: staffLanding, accept: acceptSaved });
  const [searchParams, setSearchParams] = useSearchParams();
  // Single sign-on ends here: `?sso=success` after the provider's round trip, `?sso_error=` when refused.
  const ssoReturned = searchParams.get('sso') === 'success';
  const ssoError = searchParams.get('sso_error');
  const [redirecting, setRedirecting] = useState(false);
  const ssoHandled = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  useEffect(() => {
    if (!ssoError) return;
    toast.error('Access Denied', { id: 'sso-error', description: ssoErrorMessage(ssoError) });
    setSearchParams(
      (prev) => {
        prev.delete('sso_error');
        return prev;
      },
      { replace: true },
    );
  }, [ssoError, setSearchParams]);

  useEffect(() => {
    if (!ssoReturned || !userKnown || ssoHandled.current) return;
    ssoHandled.current = true;
    if (user && isStaff(user)) {
      // Like the password sign-in: the saved page (kept while away at the provider), else /admin.
      completeSignIn(user);
      toast.success(accessGranted(user));
    } else {
      setSearchParams(
        (prev) => {
          prev.delete('sso');
          return prev;
        },
        { replace: true },
      );
    }
  }, [ssoReturned, userKnown, user, completeSignIn, setSearchParams]);

  // Back from the provider through the browser's page cache: the button must work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // An admin who is already signed in has nothing to do here.
  if (user && isStaff(user) && !isCompleting && !ssoReturned)
    return <Navigate to={staffLanding(user)} replace />;

  const startSso = () => {
    setRedirecting(true);
    // A full-page redirect (no popup); the server sends the browser on to the provider.
    window.location.assign(oidcStartUrl());
  };

  const onSubmit = handleSubmit((values) =>
    adminLogin.mutate(values, {
      onSuccess: (admin: PublicUser) => {
        completeSignIn(admin);
        toast.success(accessGranted(admin));
      },
      onError: (err) =>
        toast.error('Access Denied', {
          description: errorMessage(err, 'Invalid admin credentials or not authorized.'),
        }),
    }),
  );

  // Back from the provider, an admin is being let in (a non-admin's `?sso=` is dropped by the effect).
  const ssoPending = redirecting || (ssoReturned && (!userKnown || isStaff(user)));
  const pending = adminLogin.isPending || isCompleting || ssoPending;
  const providerName = oidc.data?.enabled ? oidc.data.provider_name : undefined;
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
          {providerName !== undefined && (
            <>
              <Button size="lg" disabled={pending} onClick={startSso} className="w-full">
                {ssoPending ? (
                  <>
                    <Spinner /> Signing in...
                  </>
                ) : (
                  <>
                    <KeyRound aria-hidden="true" /> Sign in with {providerName}
                  </>
                )}
              </Button>
              <div
                className="my-6 flex items-center gap-3 text-xs text-slate-500 uppercase"
                aria-hidden="true"
              >
                <span className="h-px flex-1 bg-slate-200" />
                or
                <span className="h-px flex-1 bg-slate-200" />
              </div>
            </>
          )}
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
            <Button
              type="submit"
              size="lg"
              variant={providerName !== undefined ? 'secondary' : 'default'}
              disabled={pending}
              className="w-full"
            >
              {pending && !ssoPending ? (
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
