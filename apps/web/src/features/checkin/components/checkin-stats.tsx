import { useId } from 'react';
import { UserCheck, Users, UserX, type LucideIcon } from 'lucide-react';
import type { CheckinStats as Stats } from '@lanyard/shared/checkin';
import { cn } from '@/lib/utils';
import { roleCountsLine } from '../lib/format';

/**
 * The three count cards as one line of counts (hackers only), so the people come first on a
 * phone; on a wider screen the line counting everyone and each role follows on the same line.
 */
export function CheckinStats({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const hackers = stats?.by_role.find((r) => r.role === 'hacker');
  return (
    <section
      aria-label="Check-in statistics"
      className="flex flex-col gap-1 md:flex-row md:flex-wrap md:items-baseline md:gap-x-6"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 sm:gap-x-4">
        <Count label="Total Hackers" value={hackers?.total} icon={Users} loading={loading} />
        <Count
          label="Checked In"
          value={hackers?.checked_in}
          icon={UserCheck}
          loading={loading}
          className="text-green-800"
        />
        <Count
          label="Not Checked In"
          value={hackers ? hackers.total - hackers.checked_in : undefined}
          icon={UserX}
          loading={loading}
        />
      </div>
      {stats ? (
        <p className="hidden text-sm text-slate-700 md:block" data-testid="checkin-role-counts">
          {roleCountsLine(stats)}
        </p>
      ) : null}
    </section>
  );
}

function Count({
  label,
  value,
  icon: Icon,
  loading,
  className,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  loading: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex items-center gap-1 whitespace-nowrap sm:gap-1.5">
      <Icon aria-hidden="true" className={cn('hidden size-4 text-brand-ink sm:block', className)} />
      <h2 id={id} className="text-xs font-medium text-slate-700 sm:text-sm">
        {label}
      </h2>
      <p className={cn('text-base font-bold text-slate-900 tabular-nums', className)} aria-busy={loading}>
        {loading ? (
          <span className="inline-block h-4 w-6 animate-pulse rounded bg-slate-200 align-middle motion-reduce:animate-none">
            <span className="sr-only">Loading...</span>
          </span>
        ) : value === undefined ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          value.toLocaleString('en-US')
        )}
      </p>
    </section>
  );
}
