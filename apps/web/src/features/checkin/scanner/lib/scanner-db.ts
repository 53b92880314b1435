import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Station, StationSnapshot } from '@lanyard/shared/stations';
import { SCANNER_DB_NAME, setScansWaiting } from '@/lib/auth/scanner-data';
import type { QueuedScan } from './offline-judge';
import type { QueueStore } from './replay';

interface ScannerDb extends DBSchema {
  snapshots: { key: string; value: { station_id: string; snapshot: StationSnapshot; etag: string | null } };
  /** Offline scans in the order they were made (seq). */
  queue: { key: number; value: QueuedScan & { seq?: number }; indexes: { client_scan_id: string } };
  meta: { key: string; value: unknown };
}

let dbPromise: Promise<IDBPDatabase<ScannerDb>> | null = null;

function db(): Promise<IDBPDatabase<ScannerDb>> {
  dbPromise ??= openDB<ScannerDb>(SCANNER_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('snapshots', { keyPath: 'station_id' });
      const queue = database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('client_scan_id', 'client_scan_id', { unique: true });
      database.createObjectStore('meta');
    },
    // Sign-out in another tab deletes the database: let it, and open afresh next time.
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
    terminated() {
      dbPromise = null;
    },
  });
  return dbPromise;
}

export async function loadSnapshot(stationId: string) {
  return (await (await db()).get('snapshots', stationId)) ?? null;
}

export async function saveSnapshot(snapshot: StationSnapshot, etag: string | null): Promise<void> {
  await (await db()).put('snapshots', { station_id: snapshot.station.id, snapshot, etag });
}

export async function loadStations(): Promise<Station[] | null> {
  return ((await (await db()).get('meta', 'stations')) as Station[] | undefined) ?? null;
}

export async function saveStations(stations: Station[]): Promise<void> {
  await (await db()).put('meta', stations, 'stations');
}

/**
 * Another staff member on this device sees nothing of the last one's snapshots. Waiting scans stay:
 * they happened at the event, and dropping them would lose real check-ins and meals.
 */
export async function claimDevice(userId: string): Promise<void> {
  const database = await db();
  const owner = await database.get('meta', 'owner');
  if (owner === userId) return;
  const tx = database.transaction(['snapshots', 'meta'], 'readwrite');
  await tx.objectStore('snapshots').clear();
  await tx.objectStore('meta').delete('stations');
  await tx.objectStore('meta').put(userId, 'owner');
  await tx.done;
}

async function mirrorCount(): Promise<number> {
  const count = await (await db()).count('queue');
  setScansWaiting(count);
  return count;
}

export async function enqueue(scan: QueuedScan): Promise<number> {
  await (await db()).add('queue', { ...scan });
  return mirrorCount();
}

export function queueCount(): Promise<number> {
  return mirrorCount();
}

/** The queue as IndexedDB holds it, oldest first. */
export const idbQueue: QueueStore & { removeOne(id: string): Promise<void> } = {
  async list() {
    const rows = await (await db()).getAll('queue');
    return rows.map(({ seq: _seq, ...scan }) => scan);
  },
  async remove(clientScanIds) {
    const database = await db();
    const tx = database.transaction('queue', 'readwrite');
    const index = tx.store.index('client_scan_id');
    for (const id of clientScanIds) {
      const seq = await index.getKey(id);
      if (seq !== undefined) await tx.store.delete(seq);
    }
    await tx.done;
    await mirrorCount();
  },
  async removeOne(id) {
    await this.remove([id]);
  },
};
