import { describe, expect, it } from 'vitest';
import type { SnapshotEntry, Station, StationSnapshot } from '@lanyard/shared/stations';
import { applyQueued, indexSnapshot, judgeOffline, markScanned, unmarkScanned } from './offline-judge';
import { snapshotKey } from './scan-key';

const NOW = new Date('2026-03-07T17:00:00Z');

function station(patch: Partial<Station> = {}): Station {
  return {
    id: 'st-1',
    name: 'Saturday lunch',
    kind: 'meal',
    rule: 'once',
    audience: 'checked_in',
    express: false,
    archived: false,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
    ...patch,
  };
}

function entry(key: string, patch: Partial<SnapshotEntry> = {}): SnapshotEntry {
  return {
    key,
    person: {
      name: 'Ada',
      pronoun: 'she/her',
      under_18: false,
      role: 'hacker',
      shirt_size: null,
      dietary: 'Vegan',
    },
    eligible: true,
    reason: null,
    last: null,
    ...patch,
  };
}

function snapshot(entries: SnapshotEntry[], st: Station = station()): StationSnapshot {
  return {
    station: st,
    time_zone: 'America/New_York',
    generated_at: NOW.toISOString(),
    entries,
    signature: 's',
  };
}

describe('judgeOffline', () => {
  it('lets an eligible person through once, then says already with when and where', () => {
    let local = indexSnapshot(snapshot([entry('k1')]));
    const first = judgeOffline({ local, key: 'k1', clientScanId: 'c1', at: NOW });
    expect(first).toMatchObject({ outcome: 'ok', reason: null, person: { name: 'Ada' }, scan_id: null });
    local = markScanned(local, 'k1', NOW);
    const again = judgeOffline({
      local,
      key: 'k1',
      clientScanId: 'c2',
      at: new Date(NOW.getTime() + 60_000),
    });
    expect(again).toMatchObject({
      outcome: 'already',
      previous: { at: NOW.toISOString(), station_name: 'Saturday lunch' },
    });
  });

  it('refuses a code the snapshot does not know as not confirmed, with nobody to show', () => {
    const local = indexSnapshot(snapshot([entry('k1')]));
    const result = judgeOffline({ local, key: 'nope', clientScanId: 'c1', at: NOW });
    expect(result).toMatchObject({ outcome: 'denied', reason: 'not_confirmed', person: null });
    expect(result.message).toMatch(/Not a confirmed attendee/);
  });

  it('refuses someone the station does not serve, with the snapshot reason', () => {
    const local = indexSnapshot(snapshot([entry('k1', { eligible: false, reason: 'not_checked_in' })]));
    const result = judgeOffline({ local, key: 'k1', clientScanId: 'c1', at: NOW });
    expect(result).toMatchObject({ outcome: 'denied', reason: 'not_checked_in' });
    expect(result.message).toMatch(/check-in desk/);
  });

  it('once per day: the next event day is a fresh OK, in the event time zone', () => {
    const st = station({ rule: 'once_per_day' });
    // 03:00 UTC on the 8th is still the 7th in New York.
    const local = indexSnapshot(
      snapshot([entry('k1', { last: { at: NOW.toISOString(), station_name: 'x' } })], st),
    );
    const sameDay = judgeOffline({
      local,
      key: 'k1',
      clientScanId: 'c',
      at: new Date('2026-03-08T03:00:00Z'),
    });
    expect(sameDay.outcome).toBe('already');
    const nextDay = judgeOffline({
      local,
      key: 'k1',
      clientScanId: 'c',
      at: new Date('2026-03-08T13:00:00Z'),
    });
    expect(nextDay.outcome).toBe('ok');
  });

  it('unlimited never says already', () => {
    const st = station({ rule: 'unlimited' });
    const local = indexSnapshot(
      snapshot([entry('k1', { last: { at: NOW.toISOString(), station_name: 'x' } })], st),
    );
    expect(judgeOffline({ local, key: 'k1', clientScanId: 'c', at: NOW }).outcome).toBe('ok');
  });

  it('the check-in desk without express asks for a tap, then accepts the confirmed scan', () => {
    const st = station({ kind: 'checkin', name: 'Check-in', audience: 'confirmed', express: false });
    const local = indexSnapshot(snapshot([entry('k1')], st));
    expect(judgeOffline({ local, key: 'k1', clientScanId: 'c', at: NOW })).toMatchObject({
      outcome: 'denied',
      reason: 'needs_confirmation',
      person: { name: 'Ada' },
    });
    expect(judgeOffline({ local, key: 'k1', clientScanId: 'c', at: NOW, confirmed: true }).outcome).toBe(
      'ok',
    );
    const express = indexSnapshot(snapshot([entry('k1')], { ...st, express: true }));
    expect(judgeOffline({ local: express, key: 'k1', clientScanId: 'c', at: NOW }).outcome).toBe('ok');
  });
});

describe('markScanned, unmarkScanned and applyQueued', () => {
  it('undo puts the entry back as it was', () => {
    const original = entry('k1');
    const local = markScanned(indexSnapshot(snapshot([original])), 'k1', NOW);
    expect(local.byKey.get('k1')?.last).not.toBeNull();
    const undone = unmarkScanned(local, 'k1', original);
    expect(undone.byKey.get('k1')?.last).toBeNull();
    expect(undone.snapshot.entries[0]?.last).toBeNull();
  });

  it('a fresh snapshot gets the waiting OK scans of its own station marked again', () => {
    const local = indexSnapshot(snapshot([entry('k1'), entry('k2'), entry('k3')]));
    const at = NOW.toISOString();
    const queued = [
      {
        client_scan_id: 'a',
        station_id: 'st-1',
        token: 't1',
        scanned_at: at,
        key: 'k1',
        offline_outcome: 'ok' as const,
      },
      {
        client_scan_id: 'b',
        station_id: 'other',
        token: 't2',
        scanned_at: at,
        key: 'k2',
        offline_outcome: 'ok' as const,
      },
      {
        client_scan_id: 'c',
        station_id: 'st-1',
        token: 't3',
        scanned_at: at,
        key: 'k3',
        offline_outcome: 'denied' as const,
      },
    ];
    const next = applyQueued(local, queued);
    expect(next.byKey.get('k1')?.last).toEqual({ at, station_name: 'Saturday lunch' });
    expect(next.byKey.get('k2')?.last).toBeNull();
    expect(next.byKey.get('k3')?.last).toBeNull();
  });
});

describe('snapshotKey', () => {
  it('is the unpadded base64url SHA-256 of the token', async () => {
    // echo -n 'abc' | sha256sum, in base64url.
    expect(await snapshotKey('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });
});
