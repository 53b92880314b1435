import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The generic error screen. Uses plain navigation so it works even when the router has failed. */
export function ErrorScreen() {
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div role="alert" className="max-w-md text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto size-12 text-red-700" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-700">
          We encountered an unexpected error. Please try refreshing the page or go back to the home page.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </div>
      </div>
    </main>
  );
}
