import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A styled native <select>: the platform picker on phones, full keyboard support everywhere. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'block h-11 w-full min-w-0 appearance-none rounded-lg border border-slate-300 bg-white pr-10 pl-3 text-base text-slate-900 shadow-xs transition-colors focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-ink disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
