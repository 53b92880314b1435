import { useState } from 'react';
import { Navigate } from 'react-router';
import { CalendarDays, MapPin, Trophy } from 'lucide-react';
import { POST_LOGIN_NAVIGATION_DELAY_MS } from '@lanyard/shared/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useEventConfig } from '@/config/event-config';
import { useUser } from '@/lib/auth/get-me';
import { isAdminAreaPath } from '@/lib/auth/redirect-after-login';
import { usePageTitle } from '@/lib/use-page-title';
import { homeFor, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

type Mode = 'signin' | 'register';

export function LandingPage() {
  usePageTitle();
  const event = useEventConfig();
  const { data: user } = useUser();
  const [mode, setMode] = useState<Mode>('signin');
  const { completeSignIn, isCompleting } = useCompleteSignIn({
    fallback: homeFor,
    // An applicant is never sent on to the admin area they once tried to open.
    accept: (path, u) => u.role === 'admin' || !isAdminAreaPath(path),
    delayMs: POST_LOGIN_NAVIGATION_DELAY_MS,
  });

  // Already signed in: straight on (spec §2). Held back while our own sign-in navigates.
  if (user && !isCompleting) return <Navigate to={homeFor(user)} replace />;

  return (
    <main className="relative flex-1 overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-linear-to-b from-brand/15 to-transparent"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-16">
        <section aria-labelledby="event-heading" className="flex flex-col gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm">
            <CalendarDays aria-hidden="true" className="size-4 text-brand-ink" />
            {event.dates.event}
          </p>
          <h1
            id="event-heading"
            className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            {event.name} <span className="text-brand-ink">{event.edition}</span>
          </h1>
          {event.tagline ? <p className="text-xl font-semibold text-slate-800">{event.tagline}</p> : null}
          {event.description ? (
            <p className="max-w-prose text-base leading-relaxed text-slate-700">{event.description}</p>
          ) : null}
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
                When
              </dt>
              <dd className="pl-7 font-semibold text-slate-900">{event.dates.event}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
                Where
              </dt>
              <dd className="pl-7 font-semibold text-slate-900">{event.venue.name}</dd>
              <dd className="pl-7 text-sm text-slate-700">{event.venue.address}</dd>
            </div>
            {event.prizes ? (
              <div>
                <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                  <Trophy aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
                  Prizes
                </dt>
                <dd className="pl-7 font-semibold text-slate-900">{event.prizes}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        <Card className="w-full max-w-md justify-self-center lg:justify-self-end">
          <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
            <CardHeader>
              <TabsList aria-label="Sign in or register">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
            </CardHeader>
            <TabsContent value="signin">
              <CardHeader className="pt-0">
                <CardTitle>Welcome back</CardTitle>
                <CardDescription>Sign in to see your application and its status.</CardDescription>
              </CardHeader>
              <CardContent>
                <SignInForm onSignedIn={completeSignIn} busy={isCompleting} />
              </CardContent>
            </TabsContent>
            <TabsContent value="register">
              <CardHeader className="pt-0">
                <CardTitle>Create your account</CardTitle>
                <CardDescription>Register to apply to {event.name}.</CardDescription>
              </CardHeader>
              <CardContent>
                <RegisterForm onSignedIn={completeSignIn} busy={isCompleting} />
              </CardContent>
            </TabsContent>
          </Tabs>
        </Card>
      </div>
    </main>
  );
}
