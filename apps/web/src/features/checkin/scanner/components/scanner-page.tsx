import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Station } from '@lanyard/shared/stations';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/api/get-me';
import { rememberScannerUser, scannerUser } from '@/lib/auth/scanner-data';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useStations } from '../../api/stations';
import { chooseStation, chosenStationId } from '../lib/device';
import { unlockAudio } from '../lib/feedback';
import { warmOfflineCache } from '../lib/offline-cache';
import { claimDevice, loadStations, saveStations } from '../lib/scanner-db';
import { ScannerView } from './scanner-view';
import { StationPicker } from './station-picker';

/**
 * /checkin/scan: a full-screen station scanner for a phone or a laptop. Opens offline too (the
 * route guard lets the last staff member on this device in when there is no network), working from
 * the snapshot and the queue this device keeps.
 */
export function ScannerPage() {
  usePageTitle('Station Scanner');
  const { data: liveUser } = useUser();
  const user = liveUser ?? scannerUser();
  const [ready, setReady] = useState(false);
  const stations = useStations();
  const [stored, setStored] = useState<Station[] | null>(null);
  const [stationId, setStationId] = useState<string | null>(() => chosenStationId());

  // A different staff member on this device: the last one's snapshots go before anything is shown.
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    if (liveUser) rememberScannerUser(liveUser);
    void claimDevice(user.id)
      .catch(() => undefined)
      .then(() => loadStations().catch(() => null))
      .then((list) => {
        if (cancelled) return;
        setStored(list);
        setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [user?.id, liveUser]); // eslint-disable-line react-hooks/exhaustive-deps -- the id decides, not the object

  useEffect(() => {
    if (ready && stations.data) void saveStations(stations.data.stations).catch(() => undefined);
  }, [ready, stations.data]);

  useEffect(() => {
    warmOfflineCache();
  }, []);

  const list = stations.data?.stations ?? stored;
  const station = list?.find((s) => s.id === stationId && !s.archived) ?? null;

  const pick = (next: Station) => {
    unlockAudio();
    chooseStation(next.id);
    setStationId(next.id);
  };
  const change = useCallback(() => {
    chooseStation(null);
    setStationId(null);
  }, []);

  if (!ready) return <LoadingScreen />;

  return (
    <main className="fixed inset-0 flex flex-col bg-slate-950 text-white">
      {station ? (
        <ScannerView key={station.id} station={station} onChangeStation={change} onStationGone={change} />
      ) : (
        <div className="flex-1 overflow-y-auto">
          <div className="p-3">
            <Button
              asChild
              variant="ghost"
              size="sm"
              className="text-white hover:bg-white/10 hover:text-white"
            >
              <Link to={paths.checkin}>
                <ArrowLeft aria-hidden="true" />
                Check-in portal
              </Link>
            </Button>
          </div>
          <h1 className="sr-only">Station Scanner</h1>
          <StationPicker
            stations={list}
            loading={stations.isPending && !stored}
            error={
              stations.isError && !stored
                ? errorMessage(stations.error, 'Could not load the stations.')
                : null
            }
            onRetry={() => void stations.refetch()}
            currentId={stationId}
            onPick={pick}
          />
        </div>
      )}
    </main>
  );
}
