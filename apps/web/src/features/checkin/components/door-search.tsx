import type { Ref } from 'react';
import { CircleCheck, ScanLine, Search, Undo2 } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { Button } from '@/components/ui/button';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { fullName } from '../lib/format';

/** The search answers while typing: a short pause is enough at the door. */
const SEARCH_DEBOUNCE_MS = 200;

interface DoorSearchProps {
  search: string;
  onSearch: (search: string) => void;
  /** Typing started (before the pause that commits it). */
  onTyping: () => void;
  inputRef: Ref<HTMLInputElement>;
  onScan: () => void;
  /** What this desk did last, said in the bar: the row may have left the list by then. */
  last: CheckinRecord | null;
  onUndo: () => void;
  undoPending: boolean;
}

/**
 * The top of the door: the search (or Scan) to find the next person, kept at the top of the screen
 * while the list scrolls, and a line saying who was just checked in, with Undo for a wrong tap.
 */
export function DoorSearch(props: DoorSearchProps) {
  return (
    <div className="sticky top-0 z-20 -mx-4 flex flex-col border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur-sm sm:-mx-6 sm:px-6 md:mx-0 md:rounded-2xl md:border md:bg-white/95 md:p-3 md:shadow-sm lg:flex-row lg:items-center">
      <div className="flex min-w-0 items-center gap-2 lg:flex-1">
        <Label htmlFor="checkin-search" className="sr-only">
          Search
        </Label>
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          />
          <DebouncedInput
            ref={props.inputRef}
            id="checkin-search"
            type="search"
            placeholder="Name, email or school"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            className="h-12 pl-10 text-base sm:text-lg"
            value={props.search}
            delayMs={SEARCH_DEBOUNCE_MS}
            onCommit={props.onSearch}
            onInput={props.onTyping}
            maxLength={200}
          />
        </div>
        <Button size="lg" onClick={props.onScan} className="px-4 sm:px-6">
          <ScanLine aria-hidden="true" />
          Scan
        </Button>
      </div>
      <LastAction {...props} />
    </div>
  );
}

/**
 * The live region is always rendered (so screen readers hear each change) but takes no room until
 * there is something to say.
 */
function LastAction({ last, onUndo, undoPending }: DoorSearchProps) {
  const name = last ? fullName(last) : '';
  return (
    <div
      className={cn(
        'flex min-w-0 items-center justify-between gap-3 rounded-lg text-sm',
        last && 'mt-2 px-3 lg:mt-0 lg:ml-3 lg:w-md lg:shrink-0',
        last?.checked_in && 'bg-green-50 text-green-900 ring-1 ring-green-200',
        last && !last.checked_in && 'bg-slate-100 text-slate-800',
      )}
    >
      <p role="status" className={cn('flex min-w-0 items-center gap-2', last && 'py-1.5')}>
        {last ? (
          <>
            {last.checked_in ? (
              <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            ) : (
              <Undo2 aria-hidden="true" className="size-4 shrink-0" />
            )}
            <span className="min-w-0 truncate">
              <strong className="font-semibold">{last.checked_in ? 'Checked in' : 'Check-in undone'}</strong>{' '}
              {name}
            </span>
          </>
        ) : null}
      </p>
      {last?.checked_in ? (
        <Button
          size="sm"
          variant="secondary"
          className="h-8 shrink-0"
          disabled={undoPending}
          aria-busy={undoPending}
          onClick={onUndo}
        >
          {undoPending ? <Spinner className="size-4" /> : <Undo2 aria-hidden="true" />}
          Undo
          <span className="sr-only"> {name}</span>
        </Button>
      ) : null}
    </div>
  );
}
