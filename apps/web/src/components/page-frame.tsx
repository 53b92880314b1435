import type { ReactNode } from 'react';
import { Footer } from './footer';

/**
 * Every page: a skip link, the page itself and the event footer. Shared by the router's layout and
 * the landing page's light first load, so both look the same.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* While a page is only its "Loading..." screen, the footer waits below the fold: otherwise it
          shows at the bottom and jumps away when the page arrives (a layout shift). */}
      <div
        id="main"
        tabIndex={-1}
        className="flex flex-1 flex-col outline-none has-[>[role=status]:only-child]:min-h-dvh"
      >
        {children}
      </div>
      <Footer />
    </div>
  );
}
