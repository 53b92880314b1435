import { cn } from '@/lib/utils';

interface ViewToggleProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** Two or three ways to show one chart, as pressed buttons (keyboard and screen readers know them). */
export function ViewToggle<T extends string>({ label, value, options, onChange }: ViewToggleProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-8 rounded-md px-3 text-xs font-semibold focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-ink',
            value === option.value ? 'bg-brand text-brand-foreground' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
