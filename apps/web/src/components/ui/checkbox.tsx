import type { ComponentProps } from 'react';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A checkbox (Radix): Space toggles it; tie a <Label htmlFor> to its id. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'flex size-5 shrink-0 items-center justify-center rounded-md border-2 border-slate-400 bg-white text-brand-foreground transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
        'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600',
        'data-[state=checked]:border-brand data-[state=checked]:bg-brand',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
