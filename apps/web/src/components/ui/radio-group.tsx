import type { ComponentProps, ReactNode } from 'react';
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { cn } from '@/lib/utils';
import { Label } from './label';

/**
 * A set of radios (Radix): arrow keys move between the choices and select them, Tab leaves the group.
 * Name it with `aria-labelledby` (a fieldset's legend, say) or `aria-label`.
 */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />;
}

/** The round control itself; tie a <Label htmlFor> to its id. */
export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-400 bg-white transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
        'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 data-[state=checked]:border-brand-ink',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-brand-ink" />
    </RadioGroupPrimitive.Item>
  );
}

interface RadioOptionProps extends Omit<
  ComponentProps<typeof RadioGroupPrimitive.Item>,
  'children' | 'title'
> {
  id: string;
  label: ReactNode;
  /** Extra words under the label, announced as the radio's description. */
  description?: ReactNode;
  /** Shown before the label (an icon, say). */
  icon?: ReactNode;
  /** `card`: a bordered, full-width target; `chip`: a compact bordered pill. */
  variant?: 'card' | 'chip';
}

/**
 * One labelled choice of a RadioGroup, drawn as a card or a chip. The whole box is the click target
 * (the label is stretched over it); the label alone names the radio, the description describes it.
 */
export function RadioOption({
  id,
  label,
  description,
  icon,
  variant = 'card',
  className,
  ...item
}: RadioOptionProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div
      className={cn(
        'relative flex gap-3 rounded-xl border border-slate-300 bg-white transition-colors hover:border-slate-400',
        'has-data-[state=checked]:border-brand-ink has-data-[state=checked]:bg-brand/5 has-data-[state=checked]:ring-1 has-data-[state=checked]:ring-brand-ink',
        variant === 'card' ? 'items-start p-4' : 'min-h-11 items-center px-3 py-2',
        className,
      )}
    >
      <RadioGroupItem
        id={id}
        aria-describedby={descriptionId}
        // Above the stretched label, so the control itself stays the click target where it is drawn.
        className={cn('relative z-10', variant === 'card' && 'mt-0.5')}
        {...item}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Label
          htmlFor={id}
          className={cn(
            'flex cursor-pointer items-center gap-2 leading-snug text-slate-900 after:absolute after:inset-0 after:rounded-xl',
            variant === 'card' && 'text-base font-semibold',
          )}
        >
          {icon}
          {label}
        </Label>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
