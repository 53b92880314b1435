import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-32 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base leading-relaxed text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-ink disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
