import '@fontsource-variable/inter';
import './index.css';
import { preloadPage } from '@/app/page-chunks';
import { fetchMe, requestSession } from '@/features/auth/landing/auth-api';

// The landing page must load at most 100 KB of JavaScript (gz). A first load of `/` therefore
// starts a light entry (React and the landing page); every other address starts the full app, which
// also renders `/` when the app navigates there (docs/decisions/005-light-landing.md).

async function boot(): Promise<void> {
  // Asked for while the page's code downloads, not once it has started: one round trip sooner.
  const session = requestSession();
  // Read by whichever entry starts; a failure is theirs to show (the landing's, or the guard's).
  session.catch(() => undefined);
  if (window.location.pathname === '/') {
    const me = fetchMe(session);
    const { startLanding } = await import('@/features/auth/landing/light-entry');
    if (startLanding(me)) return;
    me.catch(() => undefined);
  } else {
    preloadPage(window.location.pathname);
  }
  const { startApp } = await import('@/app/entry');
  await startApp(session);
}

void boot();
