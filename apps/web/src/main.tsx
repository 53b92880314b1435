import '@fontsource-variable/inter';
import './index.css';
import { fetchMe } from '@/features/auth/landing/auth-api';

// The landing page must load at most 100 KB of JavaScript (gz). A first load of `/` therefore
// starts a light entry (React and the landing page); every other address starts the full app, which
// also renders `/` when the app navigates there (docs/decisions/005-light-landing.md).

async function boot(): Promise<void> {
  if (window.location.pathname === '/') {
    // Asked for while the landing chunk downloads: a signed-in visitor moves on one round trip sooner.
    const me = fetchMe();
    const { startLanding } = await import('@/features/auth/landing/light-entry');
    if (startLanding(me)) return;
    me.catch(() => undefined);
  }
  const { startApp } = await import('@/app/entry');
  await startApp();
}

void boot();
