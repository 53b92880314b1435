import { cn } from '@/lib/utils';
import type { LiveState } from '../api/checkin-events';

const TEXT: Record<LiveState, string> = {
  live: 'Live',
  connecting: 'Connecting...',
  offline: 'Offline',
};

/** Whether other desks' changes arrive by themselves (server-sent events). */
export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <span
      role="status"
      data-state={state}
      title={state === 'live' ? "Other desks' check-ins appear here as they happen" : 'Use Refresh to update'}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-semibold',
        state === 'live' && 'border-green-200 bg-green-50 text-green-900',
        state === 'connecting' && 'border-amber-200 bg-amber-50 text-amber-950',
        state === 'offline' && 'border-slate-200 bg-slate-100 text-slate-700',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2.5 rounded-full',
          state === 'live' && 'animate-pulse bg-green-600 motion-reduce:animate-none',
          state === 'connecting' && 'bg-amber-500',
          state === 'offline' && 'bg-slate-400',
        )}
      />
      {TEXT[state]}
    </span>
  );
}
