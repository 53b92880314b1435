import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

interface DebouncedInputProps extends Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> {
  /** The committed value (from the URL). */
  value: string;
  /** Called once typing has paused for `delayMs` (or on Enter). */
  onCommit: (value: string) => void;
  delayMs?: number;
}

/**
 * A text input that shows every keystroke at once but commits (e.g. to the URL, which reloads the
 * list) only after a pause. A change of `value` from outside (Clear All, Back) replaces the text.
 * Admin lists wait 300 ms; the check-in desk passes a shorter delay.
 */
export function DebouncedInput({ value, onCommit, delayMs = 300, onKeyDown, ...props }: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  /**
   * What this input committed and has not yet seen come back as `value`, oldest first. On a busy
   * page an older commit can come back after a newer one was sent, while the person types on: that
   * is not a change from outside, and must not put back the older text (and lose the keys typed).
   */
  const sent = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const echo = sent.current.indexOf(value);
    if (echo !== -1) {
      sent.current.splice(0, echo + 1);
      return;
    }
    if (value === committed.current) return;
    // Changed elsewhere: drop any pending commit and show the new value.
    clearTimeout(timer.current);
    sent.current = [];
    committed.current = value;
    setDraft(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next === committed.current) return;
    committed.current = next;
    // Bounded: a commit the page turns into something else (say, blanks into "") never comes back.
    sent.current = [...sent.current.slice(-9), next];
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
