import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A dense data table; the wrapper scrolls horizontally on narrow screens. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // `relative`: visually hidden text inside cells stays inside the scroll area instead of widening the page.
    // Focusable and named after the table, so keyboard users can scroll it sideways (WCAG 2.1.1); a
    // group, not a region, so it adds no landmark beside the section that already names the table.
    <div
      role="group"
      tabIndex={0}
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      className="focus-visible:outline-brand-ink relative w-full overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-3 focus-visible:outline-offset-2"
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-slate-50 text-left', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('transition-colors hover:bg-slate-50 data-[selected=true]:bg-blue-50/60', className)}
      {...props}
    />
  );
}

export function Th({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'border-b border-slate-200 px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle text-slate-800', className)} {...props} />;
}
