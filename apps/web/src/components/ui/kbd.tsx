import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A keyboard shortcut hint inside a button. Hidden from assistive technology (the button carries
 * `aria-keyshortcuts`, so its name stays its label) and on small screens, where there is no keyboard.
 */
export function Kbd({ className, ...props }: ComponentProps<'kbd'>) {
  return (
    <kbd
      aria-hidden="true"
      className={cn(
        '-mr-0.5 hidden min-w-4 rounded border border-current/40 px-0.5 text-center font-mono text-[11px] leading-4 font-medium md:inline-block',
        className,
      )}
      {...props}
    />
  );
}
