import { useEffect, useState } from 'react';
import { Ban, CircleCheck, Clock, UserCheck, Undo2, X } from 'lucide-react';
import { STATION_LIMITS, type ScanResult, type StationKind } from '@lanyard/shared/stations';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { checkinRoleLabel } from '../../lib/filters';
import { formatShirtSize } from '../../lib/format';
import { previousLine, resultTitle, resultTone, type ResultTone } from '../lib/result-view';

export interface ShownResult {
  result: ScanResult;
  /** Judged on the device, waiting in the queue. */
  offline: boolean;
  /** Until when Undo is offered (ms since epoch), or null. */
  undoUntil: number | null;
}

interface ScanResultProps {
  shown: ShownResult;
  kind: StationKind;
  timeZone: string;
  /** Full screen (just scanned) or the compact bar it folds into. */
  expanded: boolean;
  onCollapse: () => void;
  onUndo: () => void;
  undoPending: boolean;
  onConfirm: () => void;
  confirmPending: boolean;
}

const TONE_CLASSES: Record<ResultTone, string> = {
  ok: 'bg-green-800 text-white',
  already: 'bg-amber-300 text-slate-950',
  denied: 'bg-red-700 text-white',
  confirm: 'bg-white text-slate-950',
};

const ICONS = { ok: CircleCheck, already: Clock, denied: Ban, confirm: UserCheck } as const;

/**
 * The verdict, big enough to read at arm's length: the colour, an icon and the words all say it
 * (never the colour alone). The camera keeps scanning underneath; a new scan replaces this one.
 */
export function ScanResultView(props: ScanResultProps) {
  const { shown, kind, expanded } = props;
  const { result } = shown;
  const tone = resultTone(result);
  const Icon = ICONS[tone];
  const title = resultTitle(result, kind);
  const person = result.person;
  const detail =
    tone === 'already' && result.previous
      ? `Scanned ${previousLine(result.previous, props.timeZone)}`
      : tone === 'denied' && result.reason !== 'invalid_code'
        ? result.message
        : null;

  return (
    <section
      aria-label="Scan result"
      data-tone={tone}
      data-scan={result.client_scan_id}
      className={cn(
        'flex flex-col',
        TONE_CLASSES[tone],
        expanded
          ? 'fixed inset-0 z-30 items-center justify-center gap-4 overflow-y-auto p-6 text-center'
          : 'z-10 gap-2 px-4 py-3',
      )}
    >
      <div className={cn('flex items-center gap-3', expanded && 'flex-col')}>
        <Icon aria-hidden="true" className={expanded ? 'size-20 sm:size-24' : 'size-7 shrink-0'} />
        <div className="min-w-0">
          <p className={cn('font-bold', expanded ? 'text-4xl sm:text-5xl' : 'text-xl')}>{title}</p>
          {person ? (
            <p
              className={cn(
                'font-semibold [overflow-wrap:anywhere]',
                expanded ? 'mt-3 text-3xl sm:text-4xl' : 'truncate text-lg',
              )}
            >
              {person.name}
            </p>
          ) : null}
        </div>
      </div>

      {person ? (
        <ul
          aria-label="About them"
          className={cn('flex flex-wrap items-center gap-2', expanded ? 'justify-center text-lg' : 'text-sm')}
        >
          {person.pronoun ? <Chip>{person.pronoun}</Chip> : null}
          {person.role !== 'hacker' ? <Chip>{checkinRoleLabel(person.role)}</Chip> : null}
          {person.under_18 ? (
            <li className="rounded-full bg-red-700 px-3 py-0.5 font-bold text-white ring-2 ring-white">
              Under 18
            </li>
          ) : null}
          {kind === 'swag' ? <Chip>Shirt: {formatShirtSize(person.shirt_size) || 'not given'}</Chip> : null}
          {kind === 'meal' ? <Chip>Dietary: {person.dietary?.trim() || 'none'}</Chip> : null}
        </ul>
      ) : null}

      {detail ? (
        <p className={cn('font-medium', expanded ? 'max-w-xl text-xl' : 'text-sm')}>{detail}</p>
      ) : null}
      {shown.offline ? (
        <p className={cn('font-medium', expanded ? 'text-base' : 'text-xs')}>
          Judged offline: it syncs when the network is back.
        </p>
      ) : null}

      <Actions {...props} tone={tone} />
    </section>
  );
}

function Chip({ children }: { children: React.ReactNode }) {
  return <li className="rounded-full bg-black/15 px-3 py-0.5 font-semibold">{children}</li>;
}

function Actions(props: ScanResultProps & { tone: ResultTone }) {
  const { tone, shown, expanded } = props;
  const undoLeft = useSecondsLeft(shown.undoUntil);
  const light = tone === 'already' || tone === 'confirm';
  const quiet = light
    ? 'border-slate-900/40 bg-white/70 text-slate-950 hover:bg-white'
    : 'border-white/70 bg-black/20 text-white hover:bg-black/30';
  return (
    <div className={cn('flex flex-wrap items-center gap-3', expanded ? 'justify-center' : '')}>
      {tone === 'confirm' ? (
        <Button
          size="lg"
          className="h-16 min-w-48 bg-green-700 text-xl text-white hover:bg-green-800"
          onClick={props.onConfirm}
          // The one thing to do on this screen: Enter or Space confirms.
          autoFocus
          disabled={props.confirmPending}
          aria-busy={props.confirmPending}
        >
          {props.confirmPending ? <Spinner className="size-5" /> : <UserCheck aria-hidden="true" />}
          Check in
        </Button>
      ) : null}
      {tone === 'ok' && undoLeft > 0 ? (
        <Button
          variant="secondary"
          size={expanded ? 'lg' : 'sm'}
          className={quiet}
          onClick={props.onUndo}
          disabled={props.undoPending}
          aria-busy={props.undoPending}
        >
          {props.undoPending ? <Spinner className="size-4" /> : <Undo2 aria-hidden="true" />}
          Undo ({undoLeft} s)
        </Button>
      ) : null}
      {expanded ? (
        <Button variant="secondary" size="lg" className={quiet} onClick={props.onCollapse}>
          <X aria-hidden="true" />
          {tone === 'confirm' ? 'Cancel' : 'Next'}
        </Button>
      ) : null}
    </div>
  );
}

/** Whole seconds until `until`, ticking; 0 once past (or with no deadline). */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    // A clock left from the previous result would count from the wrong moment.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return 0;
  return Math.min(STATION_LIMITS.undoSeconds, Math.max(0, Math.ceil((until - now) / 1000)));
}
