import type { PublicUser } from '@lanyard/shared/auth';
import type { EventConfig } from '@lanyard/shared/event';
import { AuthTabs } from './auth-tabs';
import { EventHero } from './event-hero';
import { PlainLink, type LinkComponent } from './landing-link';
import { CARD_CONTENT, CARD_DESCRIPTION, CARD_HEADER_TOP, CARD_TITLE } from './landing-ui';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

// The landing page (`/`), rendered both by the light first load of `/` and by the
// app's `/` route. No file under `landing/` imports a router, TanStack Query, zod, react-hook-form,
// sonner, Radix or tailwind-merge (docs/decisions/005-light-landing.md): the markup and classes
// stand in for the shared Card, Tabs, FormField, Input, Button and Spinner components.

interface LandingViewProps {
  event: EventConfig;
  /** Called once the server has signed the person in (login or registration). */
  onSignedIn: (user: PublicUser) => void;
  /** True while the page moves on after a sign-in: the forms stay disabled. */
  busy: boolean;
  Link?: LinkComponent;
}

export function LandingView({ event, onSignedIn, busy, Link = PlainLink }: LandingViewProps) {
  return (
    <main className="relative flex-1 overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-linear-to-b from-brand/15 to-transparent"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-16">
        <EventHero event={event} />

        <section className="w-full max-w-md justify-self-center rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-sm lg:justify-self-end">
          <AuthTabs
            signIn={
              <>
                <div className={CARD_HEADER_TOP}>
                  <h2 className={CARD_TITLE}>Welcome back</h2>
                  <p className={CARD_DESCRIPTION}>Sign in to see your application and its status.</p>
                </div>
                <div className={CARD_CONTENT}>
                  <SignInForm onSignedIn={onSignedIn} busy={busy} Link={Link} />
                </div>
              </>
            }
            register={
              <>
                <div className={CARD_HEADER_TOP}>
                  <h2 className={CARD_TITLE}>Create your account</h2>
                  <p className={CARD_DESCRIPTION}>Register to apply to {event.name}.</p>
                </div>
                <div className={CARD_CONTENT}>
                  <RegisterForm onSignedIn={onSignedIn} busy={busy} />
                </div>
              </>
            }
          />
        </section>
      </div>
    </main>
  );
}
