import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface FilterChipOption {
  value: string;
  label: string;
}

interface FilterChipsProps {
  legend: string;
  options: readonly FilterChipOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  className?: string;
}

/** A group of toggle buttons (aria-pressed) for multi-select filters. */
export function FilterChips({ legend, options, value, onChange, className }: FilterChipsProps) {
  const toggle = (option: string) => {
    if (value.includes(option)) onChange(value.filter((v) => v !== option));
    else onChange([...value, option]);
  };
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const pressed = value.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => toggle(option.value)}
              className={cn(
                'inline-flex h-8 items-center gap-1 rounded-full border px-3 text-xs font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
                pressed
                  ? 'border-brand-ink bg-brand text-brand-foreground'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
              )}
            >
              {pressed ? <Check aria-hidden="true" className="size-3.5" /> : null}
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
