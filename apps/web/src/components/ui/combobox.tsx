import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export interface ComboboxOption {
  /** What goes into the field when the option is chosen. */
  value: string;
  label: string;
  /** Secondary text under the label (a place, say). */
  description?: string;
}

export interface ComboboxProps {
  id: string;
  /** The text in the field, which is also the field's value: free text is always allowed. */
  value: string;
  onValueChange: (value: string) => void;
  /** Suggestions for the current text (the caller filters). */
  options: readonly ComboboxOption[];
  /** Adds a last option 'Use "<text>"' that keeps exactly what was typed (real matches come first). */
  allowFreeText?: boolean;
  /** Accessible name of the list of suggestions. */
  listLabel: string;
  /** A line shown in the popup instead of options (loading, nothing found). */
  status?: ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | 'true' | 'false' | undefined;
}

interface Item extends ComboboxOption {
  key: string;
  freeText: boolean;
}

export function buildComboboxItems(
  text: string,
  options: readonly ComboboxOption[],
  allowFreeText: boolean,
): Item[] {
  const items: Item[] = options.map((o, i) => ({ ...o, key: `o${i}`, freeText: false }));
  const typed = text.trim();
  const exact = options.some((o) => o.value.toLowerCase() === typed.toLowerCase());
  if (allowFreeText && typed && !exact) {
    items.push({ key: 'free', value: typed, label: `Use "${typed}"`, freeText: true });
  }
  return items;
}

/**
 * An editable combobox with a list of suggestions (WAI-ARIA APG "combobox with listbox popup,
 * list autocomplete"): focus stays in the text box, Up/Down move through the suggestions
 * (aria-activedescendant), Enter picks one, Escape closes the list, and whatever is typed is kept.
 */
export function Combobox({
  id,
  value,
  onValueChange,
  options,
  allowFreeText = false,
  listLabel,
  status,
  onBlur,
  onFocus,
  inputRef,
  name,
  placeholder,
  autoComplete = 'off',
  disabled,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const uid = useId();
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${uid.replace(/:/g, '')}-${i}`;

  const items = buildComboboxItems(value, options, allowFreeText);
  const showPopup = open && (items.length > 0 || Boolean(status));
  const activeIndex = active < items.length ? active : -1;

  useEffect(() => {
    if (!showPopup || activeIndex < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, showPopup]);

  const choose = (item: Item) => {
    onValueChange(item.value);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown': {
        e.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(e.altKey ? -1 : 0);
        } else if (items.length > 0) {
          setActive((i) => Math.min(i + 1, items.length - 1));
        }
        break;
      }
      case 'ArrowUp': {
        e.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(items.length - 1);
        } else {
          setActive((i) => Math.max(i - 1, 0));
        }
        break;
      }
      case 'Enter': {
        if (!showPopup) return;
        // Picking a suggestion must not submit the surrounding form.
        e.preventDefault();
        const item = items[activeIndex];
        if (item) choose(item);
        else setOpen(false);
        break;
      }
      case 'Escape': {
        if (!showPopup) return;
        // Close the list only: not the dialog or anything else listening for Escape.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
        break;
      }
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const count = items.filter((i) => !i.freeText).length;
  const announcement = showPopup
    ? count === 0
      ? typeof status === 'string'
        ? status
        : ''
      : `${count} suggestion${count === 1 ? '' : 's'} available.`
    : '';

  return (
    <div className="relative">
      <Input
        id={id}
        ref={inputRef}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showPopup}
        aria-controls={listId}
        aria-activedescendant={showPopup && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete={autoComplete}
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
        {...aria}
      />
      <div
        hidden={!showPopup}
        // Scrolling the list with the pointer must not take focus from the text box.
        onMouseDown={(e) => e.preventDefault()}
        className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label={listLabel}
          hidden={items.length === 0}
          className="max-h-72 overflow-y-auto py-1"
        >
          {items.map((item, i) => (
            <li
              key={item.key}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={i === activeIndex}
              // Keep focus in the text box while the pointer picks an option.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
              onMouseMove={() => {
                if (i !== activeIndex) setActive(i);
              }}
              className={cn(
                'flex cursor-pointer flex-col gap-0.5 px-3 py-2 text-sm text-slate-900',
                i === activeIndex && 'bg-slate-100',
                item.freeText && 'font-medium text-brand-ink',
                item.freeText && i > 0 && 'border-t border-slate-100',
              )}
            >
              <span className="break-words">{item.label}</span>
              {item.description ? <span className="text-xs text-slate-600">{item.description}</span> : null}
            </li>
          ))}
        </ul>
        {status && items.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600">{status}</p> : null}
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
