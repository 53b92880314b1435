import { useId, useState } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { Archive, ArchiveRestore, Download, Pencil, Plus, ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  STATION_AUDIENCE_LABELS,
  STATION_KIND_LABELS,
  STATION_RULE_LABELS,
  type Station,
} from '@lanyard/shared/stations';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { downloadFile, timestampedFileName } from '@/components/ui/download';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { stationCsvUrl, useStationCounts, useStations, useUpdateStation } from '../api/stations';
import { StationFormDialog, type StationFormTarget } from './station-form-dialog';

/**
 * Stations (admins only): where volunteers scan on event day. The check-in desk is always there
 * and only switches between express (the scan checks in) and tap to confirm.
 */
export function StationsAdmin() {
  const headingId = useId();
  const stations = useStations();
  const counts = useStationCounts();
  const update = useUpdateStation();
  const [form, setForm] = useState<StationFormTarget | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const list = stations.data?.stations ?? [];
  // A station with no scans yet may be missing from the counts: none is 0, once the counts are in.
  const today = (id: string) =>
    counts.data ? (counts.data.stations.find((c) => c.station_id === id)?.today ?? 0) : undefined;

  const change = (station: Station, body: { express?: boolean; archived?: boolean }, done: string) =>
    update.mutate(
      { id: station.id, body },
      {
        onSuccess: () => toast.success(done, { description: station.name }),
        onError: (err) =>
          toast.error('Error', { description: errorMessage(err, 'The station was not changed.') }),
      },
    );

  const download = async (station: Station) => {
    setDownloading(station.id);
    try {
      const slug =
        station.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'station';
      await downloadFile(stationCsvUrl(station.id), timestampedFileName(`scans_${slug}`, 'csv'));
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'The CSV could not be downloaded.') });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Stations
          </h2>
          <p className="text-sm text-slate-700">Meals, swag and workshops where volunteers scan codes.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link to={paths.checkinScan}>
              <ScanLine aria-hidden="true" />
              Open scanner
            </Link>
          </Button>
          <Button onClick={() => setForm({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            New station
          </Button>
        </div>
      </div>

      {stations.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner /> Loading stations...
        </p>
      ) : null}
      {stations.isError ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">Failed to load the stations.</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void stations.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <ul
        aria-label="Stations"
        className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {list.map((station) => (
          <li
            key={station.id}
            className="flex flex-col gap-3 p-3 sm:p-4 lg:flex-row lg:items-center lg:justify-between"
            aria-label={station.name}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{station.name}</span>
                <Badge tone={station.kind === 'checkin' ? 'brand' : 'blue'}>
                  {STATION_KIND_LABELS[station.kind]}
                </Badge>
                {station.archived ? <Badge tone="gray">Archived</Badge> : null}
              </p>
              <p className="text-sm text-slate-700">
                {STATION_RULE_LABELS[station.rule]} ·{' '}
                {STATION_AUDIENCE_LABELS[station.kind === 'checkin' ? 'confirmed' : station.audience]}
              </p>
              <p className="text-sm text-slate-700">
                Today: <strong className="tabular-nums">{today(station.id) ?? '–'}</strong>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {station.kind === 'checkin' ? (
                <ExpressSwitch
                  station={station}
                  pending={update.isPending && update.variables?.id === station.id}
                  onChange={(express) =>
                    change(station, { express }, express ? 'Express check-in on' : 'Tap to confirm on')
                  }
                />
              ) : (
                <>
                  <Button variant="secondary" size="sm" onClick={() => setForm({ mode: 'edit', station })}>
                    <Pencil aria-hidden="true" />
                    Edit<span className="sr-only"> {station.name}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={update.isPending && update.variables?.id === station.id}
                    onClick={() =>
                      change(
                        station,
                        { archived: !station.archived },
                        station.archived ? 'Station restored' : 'Station archived',
                      )
                    }
                  >
                    {station.archived ? (
                      <ArchiveRestore aria-hidden="true" />
                    ) : (
                      <Archive aria-hidden="true" />
                    )}
                    {station.archived ? 'Unarchive' : 'Archive'}
                    <span className="sr-only"> {station.name}</span>
                  </Button>
                </>
              )}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void download(station)}
                disabled={downloading === station.id}
                aria-busy={downloading === station.id}
              >
                {downloading === station.id ? <Spinner /> : <Download aria-hidden="true" />}
                CSV<span className="sr-only"> of the scans at {station.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>

      <StationFormDialog
        target={form}
        stations={list}
        onClose={() => setForm(null)}
        onSaved={(station) => {
          setForm(null);
          toast.success(form?.mode === 'edit' ? 'Station saved' : 'Station created', {
            description: station.name,
          });
        }}
      />
    </Card>
  );
}

function ExpressSwitch(props: { station: Station; pending: boolean; onChange: (express: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
      <Label htmlFor={id} className="text-sm">
        Express check-in
        <span className="block text-xs font-normal text-slate-600">
          {props.station.express ? 'The scan checks them in' : 'Off: a tap confirms each check-in'}
        </span>
      </Label>
      <SwitchPrimitive.Root
        id={id}
        checked={props.station.express}
        onCheckedChange={props.onChange}
        disabled={props.pending}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
    </div>
  );
}
