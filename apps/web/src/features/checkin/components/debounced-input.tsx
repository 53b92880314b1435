import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

interface DebouncedInputProps extends Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> {
  /** The committed value (from the URL). */
  value: string;
  /** Called once typing has paused for `delayMs` (or at once on Enter). */
  onCommit: (value: string) => void;
  delayMs?: number;
}

/**
 * Shows every keystroke at once and commits (to the URL, which reloads the list) after a short
 * pause, so the list answers while the desk is still typing. A change of `value` from outside
 * (Clear Filters, Back) replaces the text.
 */
export function DebouncedInput({ value, onCommit, delayMs = 200, onKeyDown, ...props }: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    clearTimeout(timer.current);
    committed.current = value;
    setDraft(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next === committed.current) return;
    committed.current = next;
    onCommit(next);
  };

  return (
    <Input
      {...props}
      value={draft}
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delayMs);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
        onKeyDown?.(event);
      }}
    />
  );
}
