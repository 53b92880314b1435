import { describe, expect, it } from 'vitest';
import type { ScanResult } from '@lanyard/shared/stations';
import type { QueuedScan } from './offline-judge';
import { describeSync, syncQueue, waitingLine, type QueueStore, type ReplayAnswer } from './replay';

function scan(n: number, outcome: QueuedScan['offline_outcome'] = 'ok'): QueuedScan {
  return {
    client_scan_id: `c${n}`,
    station_id: 's',
    token: `t${n}`,
    scanned_at: '2026-03-07T17:00:00.000Z',
    key: `k${n}`,
    offline_outcome: outcome,
  };
}

function result(s: QueuedScan, outcome: ScanResult['outcome']): ScanResult {
  return {
    scan_id: `id-${s.client_scan_id}`,
    client_scan_id: s.client_scan_id,
    outcome,
    reason: outcome === 'denied' ? 'invalid_code' : null,
    message: '',
    person: null,
    previous: null,
    undo_until: null,
  };
}

function memoryStore(scans: QueuedScan[]): QueueStore & { items: QueuedScan[] } {
  const store = {
    items: [...scans],
    list: async () => [...store.items],
    remove: async (ids: readonly string[]) => {
      store.items = store.items.filter((s) => !ids.includes(s.client_scan_id));
    },
  };
  return store;
}

describe('syncQueue', () => {
  it('sends in order, in batches, and empties the queue; reports only what the server judged otherwise', async () => {
    const store = memoryStore([scan(1), scan(2), scan(3, 'already')]);
    const sent: string[][] = [];
    const report = await syncQueue(
      store,
      async (batch) => {
        sent.push(batch.map((s) => s.client_scan_id));
        return {
          kind: 'results',
          results: batch.map((s) => result(s, s.client_scan_id === 'c2' ? 'already' : s.offline_outcome)),
        };
      },
      2,
    );
    expect(sent).toEqual([['c1', 'c2'], ['c3']]);
    expect(store.items).toEqual([]);
    expect(report.sent).toBe(3);
    expect(report.changed.map((c) => c.scan.client_scan_id)).toEqual(['c2']);
    expect(describeSync(report)).toEqual(['1 scan synced as already scanned']);
  });

  it('drops exactly the scans an invalid batch names, says why, and sends the rest again', async () => {
    const store = memoryStore([scan(1), scan(2), scan(3)]);
    const calls: string[][] = [];
    const report = await syncQueue(store, async (batch): Promise<ReplayAnswer> => {
      calls.push(batch.map((s) => s.client_scan_id));
      if (batch.some((s) => s.client_scan_id === 'c2')) {
        return { kind: 'invalid', issues: [{ index: 1, client_scan_id: 'c2', message: 'Unknown station' }] };
      }
      return { kind: 'results', results: batch.map((s) => result(s, 'ok')) };
    });
    expect(calls).toEqual([
      ['c1', 'c2', 'c3'],
      ['c1', 'c3'],
    ]);
    expect(store.items).toEqual([]);
    expect(report.dropped.map((d) => d.scan.client_scan_id)).toEqual(['c2']);
    expect(describeSync(report)).toEqual(['1 scan dropped: Unknown station']);
  });

  it('keeps the queue when the network fails, and whatever was applied before is gone from it', async () => {
    const store = memoryStore([scan(1), scan(2), scan(3)]);
    let call = 0;
    await expect(
      syncQueue(
        store,
        async (batch) => {
          call += 1;
          if (call === 2) throw new Error('offline');
          return { kind: 'results', results: batch.map((s) => result(s, 'ok')) };
        },
        2,
      ),
    ).rejects.toThrow('offline');
    expect(store.items.map((s) => s.client_scan_id)).toEqual(['c3']);
  });

  it('stops instead of looping when a refusal names no scan of the batch', async () => {
    const store = memoryStore([scan(1)]);
    await expect(
      syncQueue(store, async () => ({
        kind: 'invalid',
        issues: [{ index: 0, client_scan_id: 'x', message: 'm' }],
      })),
    ).rejects.toThrow(/without naming/);
    expect(store.items).toHaveLength(1);
  });
});

describe('describeSync and waitingLine', () => {
  it('groups differences by outcome, plural when more than one', () => {
    const s = [scan(1), scan(2), scan(3)];
    const lines = describeSync({
      sent: 3,
      changed: [
        { scan: s[0]!, result: result(s[0]!, 'already') },
        { scan: s[1]!, result: result(s[1]!, 'already') },
        { scan: s[2]!, result: result(s[2]!, 'denied') },
      ],
      dropped: [],
    });
    expect(lines).toEqual(['2 scans synced as already scanned', '1 scan synced as refused']);
  });

  it('says how many wait, and that the device is offline', () => {
    expect(waitingLine(23, false)).toBe('Offline: 23 scans waiting');
    expect(waitingLine(1, true)).toBe('1 scan waiting to sync');
  });
});
