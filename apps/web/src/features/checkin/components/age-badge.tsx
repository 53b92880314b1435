import { useEventConfig } from '@/config/event-config';
import { cn } from '@/lib/utils';
import { ageBadge, ageBadgeDescription } from '../lib/age';

interface AgeBadgeProps {
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  className?: string;
}

/**
 * Age on the event's first day: a blue ring for 18+, solid red under 18, grey when unknown. The
 * words say it too ("18+", "Under 18"), so colour is never the only signal.
 */
export function AgeBadge({ className, ...birth }: AgeBadgeProps) {
  const { startDate } = useEventConfig();
  const state = ageBadge(birth, startDate);
  const description = ageBadgeDescription(state);
  return (
    <span
      title={description}
      data-age={state.kind}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap tabular-nums',
        state.kind === 'adult' && 'bg-white text-blue-900 ring-2 ring-blue-600',
        state.kind === 'minor' && 'bg-red-700 text-white ring-2 ring-red-700',
        state.kind === 'unknown' && 'bg-slate-100 text-slate-700 ring-1 ring-slate-300',
        className,
      )}
    >
      <span className="sr-only">{description}</span>
      <span aria-hidden="true">
        {state.kind === 'adult'
          ? `${state.age} · 18+`
          : state.kind === 'minor'
            ? `${state.age} · Under 18`
            : 'Age ?'}
      </span>
    </span>
  );
}
