/** Shown when the event configuration cannot be loaded: no event context exists yet, so no footer. */
export function StartupError({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-700">
          We encountered an unexpected error. Please try refreshing the page or go back to the home page.
        </p>
        <p className="mt-3 text-sm text-slate-600">{message}</p>
        <button
          type="button"
          className="mt-8 inline-flex h-11 items-center rounded-lg bg-slate-900 px-5 text-sm font-semibold text-white"
          onClick={() => window.location.reload()}
        >
          Refresh Page
        </button>
      </div>
    </main>
  );
}
