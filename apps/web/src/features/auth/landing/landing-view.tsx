import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentType,
  type FormEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { CalendarDays, LoaderCircle, MapPin, Trophy } from 'lucide-react';
import { PASSWORD_MIN, type ApplicantRole } from '@lanyard/shared/constants';
import type { PublicUser } from '@lanyard/shared/auth';
import type { EventConfig } from '@lanyard/shared/event';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { login, register } from './auth-api';
import { showErrorToast } from './toast';
import {
  hasErrors,
  normalizeEmail,
  PASSWORDS_DONT_MATCH,
  validateRegister,
  validateSignIn,
  type FieldErrors,
  type RegisterValues,
  type SignInValues,
} from './validation';

// The landing page (spec §2 "Landing (/)"), rendered both by the light first load of `/` and by the
// app's `/` route. It imports no router, TanStack Query, zod, react-hook-form, sonner, Radix or
// tailwind-merge (docs/decisions/005-light-landing.md): the markup and classes below are what the
// shared Card, Tabs, FormField, Input, Button and Spinner components render.

export interface LinkProps {
  href: string;
  className: string;
  children: ReactNode;
}

/** A plain anchor by default; the app passes its router link so in-app navigation stays client-side. */
export type LinkComponent = ComponentType<LinkProps>;

function PlainLink({ href, className, children }: LinkProps) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

interface LandingViewProps {
  event: EventConfig;
  /** Called once the server has signed the person in (login or registration). */
  onSignedIn: (user: PublicUser) => void;
  /** True while the page moves on after a sign-in: the forms stay disabled. */
  busy: boolean;
  Link?: LinkComponent;
}

type Mode = 'signin' | 'register';

export function LandingView({ event, onSignedIn, busy, Link = PlainLink }: LandingViewProps) {
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

const CARD_HEADER = 'flex flex-col gap-1.5 p-6 pb-4';
const CARD_HEADER_TOP = `${CARD_HEADER} pt-0`;
const CARD_TITLE = 'text-lg leading-tight font-semibold text-slate-900';
const CARD_DESCRIPTION = 'text-sm text-slate-600';
const CARD_CONTENT = 'px-6 pb-6';
const TAB_CLASS =
  'inline-flex h-10 items-center justify-center rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
const INPUT_CLASS =
  'block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-ink disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm';
const SUBMIT_CLASS =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 bg-brand text-brand-foreground shadow-sm hover:bg-brand/90 h-12 px-6 text-base w-full';

const TABS: { value: Mode; label: string }[] = [
  { value: 'signin', label: 'Sign In' },
  { value: 'register', label: 'Register' },
];

/**
 * The WAI-ARIA tabs pattern with automatic activation, as the Radix tabs elsewhere in the app:
 * arrow keys, Home and End move between the tabs; only the selected panel's content is mounted.
 */
function AuthTabs({ signIn, register }: { signIn: ReactNode; register: ReactNode }) {
  const [mode, setMode] = useState<Mode>('signin');
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});
  const tabId = (value: Mode) => `${baseId}-tab-${value}`;
  const panelId = (value: Mode) => `${baseId}-panel-${value}`;

  const select = (value: Mode) => {
    setMode(value);
    tabRefs.current[value]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.value === mode);
    const last = TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target]!.value);
  };

  return (
    <>
      <div className={CARD_HEADER}>
        <div
          role="tablist"
          aria-label="Sign in or register"
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-100 p-1"
        >
          {TABS.map((tab) => {
            const selected = tab.value === mode;
            return (
              <button
                key={tab.value}
                ref={(el) => {
                  tabRefs.current[tab.value] = el;
                }}
                type="button"
                role="tab"
                id={tabId(tab.value)}
                aria-selected={selected}
                aria-controls={panelId(tab.value)}
                data-state={selected ? 'active' : 'inactive'}
                tabIndex={selected ? 0 : -1}
                onClick={() => setMode(tab.value)}
                className={TAB_CLASS}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      {TABS.map((tab) => {
        const selected = tab.value === mode;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            data-state={selected ? 'active' : 'inactive'}
            hidden={!selected}
            tabIndex={0}
            className="rounded-xl"
          >
            {selected ? (tab.value === 'signin' ? signIn : register) : null}
          </div>
        );
      })}
    </>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and error, wired for screen readers; every landing field is required. */
function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium text-slate-800 select-none">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required="true"
        className={INPUT_CLASS}
      />
      {hintId ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Spinner() {
  return <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />;
}

/**
 * Form state as react-hook-form kept it before: errors appear on submit (focusing the first invalid
 * field) and, once submitted, follow every change.
 */
function useLightForm<T extends Record<string, string>>(
  initial: T,
  validate: (values: T) => FieldErrors<T>,
  order: (keyof T)[],
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = useRef<Partial<Record<keyof T, HTMLInputElement | null>>>({});

  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) setErrors(validate(next));
    },
  });

  /** Validates for a submit; returns the values when they pass. */
  const check = (): { values: T; errors: FieldErrors<T> } => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = order.find((name) => found[name] !== undefined);
    if (first !== undefined) refs.current[first]?.focus();
    return { values, errors: found };
  };

  return { errors, bind, check };
}

interface FormProps {
  onSignedIn: (user: PublicUser) => void;
  busy: boolean;
}

export function SignInForm({ onSignedIn, busy, Link = PlainLink }: FormProps & { Link?: LinkComponent }) {
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

const ROLE_CHOICES = [
  { value: 'hacker', label: 'Participant (Hacker)' },
  { value: 'mentor', label: 'Mentor' },
] as const;

const ROLE_CLASS =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white p-3 transition-colors hover:border-slate-400 has-checked:border-brand-ink has-checked:bg-brand/5 has-checked:ring-1 has-checked:ring-brand-ink has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-ink';

export function RegisterForm({ onSignedIn, busy }: FormProps) {
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
