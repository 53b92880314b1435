import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  loading?: boolean;
  /** A line under the number saying what it counts, when another screen counts differently. */
  note?: string;
}

/** One counted number with its label; the admin portal and check-in share it. */
export function StatCard({ label, value, icon: Icon, loading = false, note }: StatCardProps) {
  const labelId = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card className="p-5" aria-labelledby={labelId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={labelId} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <Icon aria-hidden="true" className="size-5 text-brand-ink" />
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums" aria-busy={loading}>
        {loading ? (
          <span className="inline-block h-8 w-16 animate-pulse rounded bg-slate-200 motion-reduce:animate-none">
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
      {note && !loading ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </Card>
  );
}
