import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

/** Status colours, the same everywhere: pending yellow, accepted green, rejected red, waitlisted orange, others grey. */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        gray: 'border-slate-200 bg-slate-100 text-slate-800',
        yellow: 'border-yellow-200 bg-yellow-50 text-yellow-900',
        blue: 'border-blue-200 bg-blue-50 text-blue-900',
        green: 'border-green-200 bg-green-50 text-green-900',
        red: 'border-red-200 bg-red-50 text-red-900',
        orange: 'border-orange-200 bg-orange-50 text-orange-900',
        brand: 'border-transparent bg-brand text-brand-foreground',
      },
    },
    defaultVariants: { tone: 'gray' },
  },
);

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
