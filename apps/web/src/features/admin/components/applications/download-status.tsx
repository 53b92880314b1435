import { formatBytes, progressPercent, type DownloadProgress } from '@/components/ui/download';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

/** Progress of a running download: a bar when the size is known, else the bytes received so far. */
export function DownloadStatus({ label, progress }: { label: string; progress: DownloadProgress }) {
  const percent = progressPercent(progress);
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Spinner className="size-4 text-brand-ink" />
        {label}
        <span className="font-normal text-slate-600 tabular-nums">
          {percent === null ? formatBytes(progress.loaded) : `${percent}%`}
        </span>
      </p>
      {percent === null ? null : <Progress value={percent} aria-label={label} />}
    </div>
  );
}
