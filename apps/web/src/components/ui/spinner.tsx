import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A decorative spinner; put the words next to it (or use <LoadingScreen>). */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-5 animate-spin motion-reduce:animate-none', className)}
    />
  );
}

/** Full-area loading state with the same "Loading..." wording everywhere. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8"
    >
      <Spinner className="size-8 text-brand-ink" />
      <p className="text-sm font-medium text-slate-700">{label}</p>
    </div>
  );
}
