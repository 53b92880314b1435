import { useId, useState, type KeyboardEvent } from 'react';
import { Check, Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { IconButton } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { addListEntry, LIST_ENTRY_MAX_LENGTH, toggleListEntry } from '../lib/mentor-form';

interface ListPickerProps {
  id: string;
  legend: string;
  presets: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  /** What a custom entry is, for the input's label: "Add another language". */
  customLabel: string;
}

/**
 * A multi-select list (spec §3 Mentor): presets as toggle chips, plus the applicant's own entries, added
 * with Enter or the Add button and removable one by one.
 */
export function ListPicker({ id, legend, presets, value, onChange, customLabel }: ListPickerProps) {
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const custom = value.filter((item) => !presets.includes(item));
  // The legend is a question in sentence case; inside a button's name it is the middle of a sentence.
  const listName = legend.charAt(0).toLowerCase() + legend.slice(1);

  const add = () => {
    onChange(addListEntry(value, draft, presets));
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter adds the entry; it must not submit the whole application.
    e.preventDefault();
    add();
  };

  return (
    <fieldset className="flex flex-col gap-3" name={id} data-testid={id}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {legend}
        <span className="ml-2 text-xs font-normal text-slate-600">
          {value.length === 0 ? 'None selected' : `${value.length} selected`}
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {presets.map((item) => {
          const on = value.includes(item);
          return (
            <button
              key={item}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(toggleListEntry(value, item))}
              className={cn(
                'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
                on
                  ? 'border-brand-ink bg-brand text-brand-foreground'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50',
              )}
            >
              {on ? <Check aria-hidden="true" className="size-3.5" /> : null}
              {item}
            </button>
          );
        })}
      </div>
      {custom.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Your own entries for ${listName}`}>
          {custom.map((item) => (
            <li
              key={item}
              className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-ink bg-brand/10 py-1 pr-1 pl-3 text-sm font-medium text-slate-900"
            >
              {item}
              <IconButton
                onClick={() => onChange(value.filter((x) => x !== item))}
                className="size-auto rounded-full p-1 text-slate-700 hover:bg-white hover:text-slate-900 focus-visible:outline-offset-1 [&_svg]:size-3.5"
                label={`Remove ${item}`}
              >
                <X aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={`${id}-custom`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={LIST_ENTRY_MAX_LENGTH}
          aria-label={customLabel}
          aria-describedby={hintId}
          placeholder="Add your own"
          className="max-w-xs"
        />
        <Button type="button" variant="secondary" onClick={add} aria-label={`Add to ${listName}`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        Not listed? Type it and press Enter or Add.
      </p>
    </fieldset>
  );
}
