import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { okSchema } from '@lanyard/shared/common';
import {
  recordScansResponseSchema,
  replayResponseSchema,
  scanResultSchema,
  stationCountsSchema,
  stationSchema,
  stationSnapshotSchema,
  stationsResponseSchema,
  type StationCreateBody,
  type StationRecordScanBody,
  type StationScanBody,
  type StationSnapshot,
  type StationUpdateBody,
} from '@lanyard/shared/stations';
import { api, apiRequest, isApiError, parseJsonBody, readResponse, send } from '@/lib/api-client';
import type { QueuedScan } from '../scanner/lib/offline-judge';
import type { ReplayAnswer } from '../scanner/lib/replay';
import { CHECKIN_QUERY_KEY } from './keys';

// Under the check-in prefix: every live change at the door refreshes them with the rest.
export const STATIONS_QUERY_KEY = [...CHECKIN_QUERY_KEY, 'stations'] as const;
export const STATION_COUNTS_QUERY_KEY = [...CHECKIN_QUERY_KEY, 'station-counts'] as const;

export function getStations(signal?: AbortSignal) {
  return api.get('/api/checkin/stations', { schema: stationsResponseSchema, signal });
}

export const stationsQueryOptions = () =>
  queryOptions({ queryKey: STATIONS_QUERY_KEY, queryFn: ({ signal }) => getStations(signal) });

export function useStations() {
  return useQuery(stationsQueryOptions());
}

/** Counted scans per station (today, last 15 minutes, per minute), refreshed every 30 s as well as live. */
export function useStationCounts() {
  return useQuery({
    queryKey: STATION_COUNTS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/checkin/stations/counts', { schema: stationCountsSchema, signal }),
    refetchInterval: 30_000,
  });
}

export function useCreateStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StationCreateBody) =>
      api.post('/api/checkin/stations', body, { schema: stationSchema }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STATION_COUNTS_QUERY_KEY }),
      ]),
  });
}

export function useUpdateStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StationUpdateBody }) =>
      apiRequest(`/api/checkin/stations/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: stationSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATIONS_QUERY_KEY }),
  });
}

export function stationCsvUrl(id: string): string {
  return `/api/checkin/stations/${encodeURIComponent(id)}/scans.csv`;
}

/** POST /api/checkin/stations/:id/scan: the server's verdict (404 invalid_qr for a code not ours). */
export function scanAtStation(stationId: string, body: StationScanBody, signal?: AbortSignal) {
  return api.post(`/api/checkin/stations/${encodeURIComponent(stationId)}/scan`, body, {
    schema: scanResultSchema,
    signal,
  });
}

/** POST /api/checkin/stations/:id/scan-record: the same scan, of someone found by name (no code). */
export function scanRecordAtStation(stationId: string, body: StationRecordScanBody) {
  return api.post(`/api/checkin/stations/${encodeURIComponent(stationId)}/scan-record`, body, {
    schema: scanResultSchema,
  });
}

export function undoScan(scanId: string) {
  return api.post(`/api/checkin/scans/${encodeURIComponent(scanId)}/undo`, {}, { schema: okSchema });
}

const invalidBatchSchema = z.object({
  code: z.literal('invalid_batch'),
  issues: z.array(z.object({ index: z.number(), client_scan_id: z.string(), message: z.string() })),
});

/** POST /api/checkin/scans/replay: a 400 invalid_batch names the scans it would not take. */
export async function replayScans(deviceId: string, scans: QueuedScan[]): Promise<ReplayAnswer> {
  const body = {
    device_id: deviceId,
    scans: scans.map(({ client_scan_id, station_id, token, scanned_at }) => ({
      client_scan_id,
      station_id,
      token,
      scanned_at,
    })),
  };
  try {
    const { results } = await api.post('/api/checkin/scans/replay', body, { schema: replayResponseSchema });
    return { kind: 'results', results };
  } catch (err) {
    const invalid = isApiError(err) && err.status === 400 ? invalidBatchSchema.safeParse(err.body) : null;
    if (invalid?.success) return { kind: 'invalid', issues: invalid.data.issues };
    throw err;
  }
}

export type SnapshotAnswer =
  { kind: 'unchanged' } | { kind: 'fresh'; snapshot: StationSnapshot; etag: string | null };

/** GET /api/checkin/stations/:id/snapshot with If-None-Match: 304 costs no download. */
export async function fetchSnapshot(
  stationId: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<SnapshotAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (etag) headers['If-None-Match'] = etag;
  const res = await send(`/api/checkin/stations/${encodeURIComponent(stationId)}/snapshot`, {
    method: 'GET',
    headers,
    signal,
    // The browser's own cache would answer 304s with a stale body: the ETag is ours to keep.
    cache: 'no-store',
  });
  if (res.status === 304) return { kind: 'unchanged' };
  const snapshot = readResponse(res.status, parseJsonBody(await res.text()), stationSnapshotSchema);
  return { kind: 'fresh', snapshot, etag: res.headers.get('etag') };
}

export function useRecordScans(recordId: string | null) {
  return useQuery({
    queryKey: [...CHECKIN_QUERY_KEY, 'record-scans', recordId],
    queryFn: ({ signal }) =>
      api.get(`/api/checkin/records/${encodeURIComponent(recordId ?? '')}/scans`, {
        schema: recordScansResponseSchema,
        signal,
      }),
    enabled: recordId !== null,
  });
}
