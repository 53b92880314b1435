import type { ReactNode } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface SettingSwitchProps {
  id: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled on/off setting (Radix switch: role="switch", Space toggles). */
export function SettingSwitch({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: SettingSwitchProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={descriptionId}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
          'disabled:cursor-not-allowed disabled:opacity-60',
          'bg-slate-500 data-[state=checked]:bg-brand',
        )}
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
    </div>
  );
}
