import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { PageFrame } from '@/components/page-frame';

/** Every routed page inside the shared frame (skip link, page, footer). */
export function RootLayout() {
  return (
    <>
      <PageFrame>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </PageFrame>
      <ScrollRestoration />
    </>
  );
}
