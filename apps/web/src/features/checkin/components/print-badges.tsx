import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Printer } from 'lucide-react';
import { toast } from 'sonner';
import {
  BADGE_LAYOUT_LABELS,
  BADGE_LAYOUTS,
  BADGE_SCOPE_LABELS,
  BADGE_SELECTION_MAX,
  type BadgeLayout,
  type BadgeScope,
} from '@lanyard/shared/badges';
import { Button } from '@/components/ui/button';
import { formatBytes, type DownloadProgress } from '@/components/ui/download';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCheckinRecords } from '../api/get-checkin-records';
import { useCheckinStats } from '../api/get-checkin-stats';
import { usePrintBadges } from '../api/print-badges';
import { activeCheckinFilterCount, checkinFiltersOf, readCheckinParams } from '../lib/filters';

export const PRINT_BADGES_ERROR = 'Failed to make the badges';

const people = (n: number | undefined) => (n === undefined ? '' : n === 1 ? ' (1 person)' : ` (${n} people)`);

/** Why some badges print boxes, and what the organiser can do before printing. */
const UNPRINTABLE_HELP =
  'No font on the server has some letters of their name or pronoun, or of the event title. The README (Badges and passes) says which fonts to install; then download again.';

function unprintableTitle(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'badge prints' : 'badges print'} empty boxes`;
}

/**
 * Print Badges (admins): a PDF of name badges for everyone confirmed, everyone checked in, or the
 * list as filtered above ("Selected"), in a sheet layout or one per page for a badge printer.
 */
export function PrintBadges() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const params = readCheckinParams(searchParams);
  const filtered = activeCheckinFilterCount(checkinFiltersOf(params)) > 0;
  const stats = useCheckinStats();
  // The same query as the list above, so this is its count, not another request.
  const list = useCheckinRecords(params);
  const [scope, setScope] = useState<BadgeScope>('confirmed');
  const [layout, setLayout] = useState<BadgeLayout>('letter-2x3');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const print = usePrintBadges();

  // A bounded total (total_capped) is always over BADGE_SELECTION_MAX (CHECKIN_COUNT_AHEAD).
  const selectedCount = filtered ? list.data?.total : undefined;
  const capped = filtered && list.data?.total_capped === true;
  const selectable = selectedCount !== undefined && selectedCount > 0 && selectedCount <= BADGE_SELECTION_MAX;
  const counts: Record<BadgeScope, number | undefined> = {
    confirmed: stats.data?.total,
    checked_in: stats.data?.checked_in,
    selected: capped ? undefined : selectedCount,
  };
  const chosen = scope === 'selected' && !selectable ? 'confirmed' : scope;
  const descriptions: Record<BadgeScope, string> = {
    confirmed: 'Everyone on the list: confirmed attendees and people added here or by CSV.',
    checked_in: 'Everyone checked in so far.',
    selected: !filtered
      ? 'Filter the list above (search, role, school...) to print just those people.'
      : selectedCount !== undefined && selectedCount > BADGE_SELECTION_MAX
        ? `The list as filtered above: narrow it to ${BADGE_SELECTION_MAX.toLocaleString('en-US')} people or fewer.`
        : 'The list as filtered above.',
  };

  const run = () => {
    setProgress(null);
    print.mutate(
      { scope: chosen, layout, filters: chosen === 'selected' ? params : undefined, onProgress: setProgress },
      {
        onSuccess: ({ fileName, unprintable }) => {
          toast.success('Badges ready', { description: fileName });
          // Stays until dismissed: the browser's save dialog may cover the page while it would fade.
          if (unprintable > 0)
            toast.warning(unprintableTitle(unprintable), {
              description: UNPRINTABLE_HELP,
              duration: Infinity,
            });
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, PRINT_BADGES_ERROR) }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Print Badges
      </h3>
      <p className="text-sm text-slate-700">
        A PDF of name badges: preferred name, pronoun, role in its colour and the check-in code (people added
        here or by CSV have no code).
      </p>
      <RadioGroup
        aria-label="Who"
        value={chosen}
        onValueChange={(v) => setScope(v as BadgeScope)}
        className="sm:grid-cols-3"
      >
        {(['confirmed', 'checked_in', 'selected'] as const).map((s) => (
          <RadioOption
            key={s}
            id={`${id}-${s}`}
            value={s}
            disabled={s === 'selected' && !selectable}
            label={`${BADGE_SCOPE_LABELS[s]}${people(counts[s])}`}
            description={descriptions[s]}
          />
        ))}
      </RadioGroup>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor={`${id}-layout`}>Layout</Label>
          <NativeSelect
            id={`${id}-layout`}
            value={layout}
            onChange={(e) => setLayout(e.target.value as BadgeLayout)}
          >
            {BADGE_LAYOUTS.map((l) => (
              <option key={l} value={l}>
                {BADGE_LAYOUT_LABELS[l]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button onClick={run} disabled={print.isPending} aria-busy={print.isPending || undefined}>
          {print.isPending ? <Spinner className="size-4" /> : <Printer aria-hidden="true" />}
          {print.isPending ? (
            <span aria-live="polite">
              Making badges...{progress && progress.loaded > 0 ? ` ${formatBytes(progress.loaded)}` : ''}
            </span>
          ) : (
            'Download Badges'
          )}
        </Button>
      </div>
    </section>
  );
}
