import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { POST_LOGIN_NAVIGATION_DELAY_MS } from '@lanyard/shared/constants';
import type { PublicUser } from '@lanyard/shared/auth';
import type { EventConfig } from '@lanyard/shared/event';
import { PageFrame } from '@/components/page-frame';
import {
  applyEventTheme,
  EVENT_CONFIG_ELEMENT_ID,
  EventConfigProvider,
  eventTitle,
} from '@/config/event-context';
import { homeFor, landingTarget } from './home';
import { LandingView } from './landing-view';
import { dismissToasts, setToasterMount } from './toast';

// The first load of `/` (docs/decisions/005-light-landing.md): React and the landing page only. The
// router, TanStack Query and zod come with the app, after sign-in, by a full navigation.

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/**
 * The config the server injected. It validated it with eventConfigSchema at start-up, so this
 * only checks the fields the landing page and footer read; anything odd (or no injection, as under
 * `vite dev`) is left to the full app, which validates and reports it.
 */
export function readInjectedConfig(doc: Document = document): EventConfig | null {
  const text = doc.getElementById(EVENT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const c = raw as Record<string, unknown>;
  const dates = c.dates as Record<string, unknown> | undefined;
  const venue = c.venue as Record<string, unknown> | undefined;
  const ok =
    [
      c.name,
      c.edition,
      c.tagline,
      c.description,
      c.startDate,
      c.contactEmail,
      c.footerCredit,
      c.prizes,
    ].every(isString) &&
    isString(c.brandColor) &&
    /^#[0-9a-fA-F]{6}$/.test(c.brandColor) &&
    isString(dates?.event) &&
    isString(venue?.name) &&
    isString(venue?.address);
  return ok ? (raw as EventConfig) : null;
}

/** Neutral while /api/auth/me answers: a signed-in visitor never sees the forms flash. */
function Checking() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center p-8"
    >
      <p className="text-sm font-medium text-slate-700">Loading...</p>
    </div>
  );
}

function LightLanding({ config, me }: { config: EventConfig; me: Promise<PublicUser | null> }) {
  const [state, setState] = useState<'checking' | 'signed-out' | 'leaving'>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    me.then(
      (user) => {
        if (!live) return;
        if (user) {
          setState('leaving');
          window.location.replace(homeFor(user));
        } else setState('signed-out');
      },
      // The forms report a server that cannot be reached; the visitor is not left with a blank page.
      () => live && setState('signed-out'),
    );
    return () => {
      live = false;
    };
  }, [me]);

  const onSignedIn = (user: PublicUser) => {
    setBusy(true);
    dismissToasts();
    const target = landingTarget(user);
    // On to the dashboard after about 100 ms, replacing the history entry. A full load,
    // because the signed-in pages need the app this page did not download.
    window.setTimeout(() => window.location.replace(target), POST_LOGIN_NAVIGATION_DELAY_MS);
  };

  return (
    <PageFrame>
      {state === 'signed-out' ? (
        <LandingView event={config} onSignedIn={onSignedIn} busy={busy} />
      ) : (
        <Checking />
      )}
    </PageFrame>
  );
}

/** Mounts sonner's <Toaster> (the app's look and wording) in its own root when the first toast shows. */
async function mountToaster(): Promise<void> {
  const { Toaster } = await import('@/components/ui/toaster');
  const host = document.createElement('div');
  document.body.append(host);
  await new Promise<void>((resolve) => {
    // Effects run in order: the Toaster subscribes to sonner before Ready resolves.
    function Ready() {
      useEffect(resolve, []);
      return null;
    }
    createRoot(host).render(
      <>
        <Toaster />
        <Ready />
      </>,
    );
  });
}

/**
 * Renders the landing page; false when the injected config is missing or odd, so main.tsx starts
 * the full app instead. `me` is asked for by main.tsx while this chunk downloads.
 */
export function startLanding(me: Promise<PublicUser | null>): boolean {
  const config = readInjectedConfig();
  const container = document.getElementById('root');
  if (!config || !container) return false;
  applyEventTheme(config);
  document.title = eventTitle(config);
  setToasterMount(mountToaster);
  createRoot(container).render(
    <StrictMode>
      <EventConfigProvider config={config}>
        <LightLanding config={config} me={me} />
      </EventConfigProvider>
    </StrictMode>,
  );
  return true;
}
