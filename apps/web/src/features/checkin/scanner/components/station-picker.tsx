import { ChevronRight } from 'lucide-react';
import { STATION_KIND_LABELS, STATION_RULE_LABELS, type Station } from '@lanyard/shared/stations';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface StationPickerProps {
  stations: Station[] | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  currentId: string | null;
  onPick: (station: Station) => void;
}

/** Where this device scans: one big button per open station (archived ones are not offered). */
export function StationPicker({ stations, loading, error, onRetry, currentId, onPick }: StationPickerProps) {
  const open = (stations ?? []).filter((s) => !s.archived);
  return (
    <section
      aria-labelledby="station-picker-title"
      className="mx-auto flex w-full max-w-xl flex-col gap-4 p-4"
    >
      <div>
        <h2 id="station-picker-title" className="text-2xl font-bold text-white">
          Choose your station
        </h2>
        <p className="mt-1 text-slate-300">This device remembers it until you change it.</p>
      </div>
      {loading ? (
        <p role="status" className="flex items-center gap-3 text-slate-200">
          <Spinner className="size-5" /> Loading stations...
        </p>
      ) : null}
      {error ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{error}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {!loading && !error && open.length === 0 ? (
        <p className="text-slate-200">
          No stations are open. An admin adds them under Stations in the check-in portal.
        </p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Stations">
        {open.map((station) => (
          <li key={station.id}>
            <button
              type="button"
              onClick={() => onPick(station)}
              aria-current={station.id === currentId ? 'true' : undefined}
              className="flex min-h-16 w-full items-center justify-between gap-3 rounded-xl bg-white px-5 py-3 text-left text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white aria-[current=true]:ring-4 aria-[current=true]:ring-brand"
            >
              <span className="min-w-0">
                <span className="block text-lg font-semibold [overflow-wrap:anywhere]">{station.name}</span>
                <span className="block text-sm text-slate-600">
                  {STATION_KIND_LABELS[station.kind]} · {STATION_RULE_LABELS[station.rule]}
                  {station.kind === 'checkin' ? (station.express ? ' · Express' : ' · Tap to confirm') : ''}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
