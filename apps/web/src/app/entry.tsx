import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createRouter, routerReady } from '@/app/router';
import { StartupError } from '@/app/startup-error';
import { applyEventTheme, eventTitle, EventConfigError, loadEventConfig } from '@/config/event-config';
import { meQueryOptions, meQueryOptionsFrom } from '@/api/get-me';
import { createQueryClient } from '@/lib/query-client';

/**
 * The full app: every page but the first load of the landing page (see main.tsx). `session`: the
 * session answer main.tsx asked for while this chunk downloaded.
 */
export async function startApp(session?: Promise<unknown>): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  try {
    const config = await loadEventConfig();
    applyEventTheme(config);
    document.title = eventTitle(config);
    const queryClient = createQueryClient();
    // Asked for while the page's chunk downloads rather than after it renders: one round trip fewer.
    void queryClient.prefetchQuery(session ? meQueryOptionsFrom(session) : meQueryOptions());
    const router = createRouter(queryClient, config.privacy.policyPath);
    await routerReady(router);
    root.render(
      <StrictMode>
        <App config={config} queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  } catch (err) {
    console.error(err);
    const message =
      err instanceof EventConfigError ? err.message : 'The portal could not start. Please try again later.';
    root.render(<StartupError message={message} />);
  }
}
