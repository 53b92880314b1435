import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '@lanyard/shared/stations';
import { loadEventConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { applications, users } from '../src/db/schema/index';
import { makeQrToken } from '../src/modules/checkin/qr';
import { defaultEventConfigPath } from '../src/paths';
import { applicationValues, userValues } from '../test/factories';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  cleanUp,
  killServer,
  makeDataDir,
  sleep,
  startServer,
  waitReady,
  withTimeout,
  type Server,
} from './harness';

/**
 * kill -9 of the server while it applies a device's offline queue (POST /api/checkin/scans/replay),
 * twice, and the device sending the same batch again after each error, as the scanner does: every
 * scan is stored once, under its (device_id, client_scan_id), with one audit row; each person is
 * counted once at the "once" station; and the answers to a later send are what was stored.
 */

const PEOPLE = 250;
const KILLS = 2;
const DEVICE = 'fault-replay-device';
// Fixed, so the test can make the door codes the server reads.
const SECRET = crypto.randomBytes(32).toString('hex');
const dirs: string[] = [];
afterAll(() => cleanUp(dirs));

interface QueuedScan {
  client_scan_id: string;
  station_id: string;
  token: string;
  scanned_at: string;
}

/** Confirmed, checked-in attendees (the database makes their check-in records). */
async function seed(database: Database): Promise<string[]> {
  const people = await database.db
    .insert(users)
    .values(Array.from({ length: PEOPLE }, () => userValues()))
    .returning({ id: users.id, email: users.email });
  const rows = await database.db
    .insert(applications)
    .values(
      people.map((u, i) =>
        applicationValues(u, { lastName: `Replay${i}`, status: 'accepted', rsvpStatus: 'accepted' }),
      ),
    )
    .returning({ id: applications.id });
  const ids = rows.map((r) => r.id);
  const { rowCount } = await database.pool.query(
    `update checkin_records set checked_in = true, checked_in_at = now() where application_id = any($1)`,
    [ids],
  );
  expect(rowCount).toBe(PEOPLE);
  return ids;
}

async function adminToken(server: Server): Promise<string> {
  const login = await call(server, 'POST', '/api/auth/admin/login', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.status, login.text).toBe(200);
  return (login.body as { access_token: string }).access_token;
}

const storedCount = async (database: Database): Promise<number> =>
  (await database.pool.query(`select count(*)::int as n from scans where device_id = $1`, [DEVICE])).rows[0]
    .n as number;

describe('offline-scan replay under kill -9', () => {
  it('stores each scan once and answers a batch sent again with what was stored', async () => {
    const dir = makeDataDir('replay');
    dirs.push(dir);
    const env = { SESSION_SECRET: SECRET };
    let server: Server = await startServer(dir, env);
    await waitReady(server);
    let database = createDatabase(server.databaseUrl()!, { max: 2 });
    try {
      const event = loadEventConfig(defaultEventConfigPath);
      const people = await seed(database);
      let token = await adminToken(server);
      const made = await call(server, 'POST', '/api/checkin/stations', {
        token,
        body: { name: 'Fault lunch', kind: 'meal', rule: 'once' },
      });
      expect(made.status, made.text).toBe(201);
      const stationId = (made.body as { id: string }).id;

      // Everyone scanned twice, an hour and half an hour ago: the later scan is the repeat.
      const base = Date.now() - 3600_000;
      const batch: QueuedScan[] = [0, 1].flatMap((pass) =>
        people.map((id, i) => ({
          client_scan_id: crypto.randomUUID(),
          station_id: stationId,
          token: makeQrToken(SECRET, event, id),
          scanned_at: new Date(base + pass * 1800_000 + i * 1000).toISOString(),
        })),
      );
      // The device's queue, shuffled: the server orders it by time itself.
      batch.sort(() => Math.random() - 0.5);
      const send = () =>
        call(server, 'POST', '/api/checkin/scans/replay', {
          token,
          body: { device_id: DEVICE, scans: batch },
          timeoutMs: 110_000,
        });

      for (let round = 0; round < KILLS; round++) {
        const before = await storedCount(database);
        let answered: string | undefined;
        const sending = send().then(
          (r) => {
            answered = `${r.status} ${r.text.slice(0, 500)}`;
            return r;
          },
          (err: Error) => err,
        );
        // Kill once this send has stored some more of the queue, at a different point each round.
        const target = before + 40 + Math.floor(Math.random() * 120);
        await withTimeout(
          (async () => {
            while ((await storedCount(database)) < target) {
              if (answered) throw new Error(`answered before the kill: ${answered}`);
              await sleep(10);
            }
          })(),
          60_000,
          `${target} scans stored`,
        );
        await database.close();
        await killServer(server);
        const outcome = await sending;
        // The device saw an error, never an answer: it keeps its queue and sends it again.
        expect(outcome, 'the send was cut short').toBeInstanceOf(Error);
        server = await startServer(dir, env);
        await waitReady(server);
        database = createDatabase(server.databaseUrl()!, { max: 2 });
        const stored = await storedCount(database);
        expect(stored).toBeGreaterThanOrEqual(target);
        expect(stored, 'the kill landed before the queue was applied').toBeLessThan(batch.length);
        // Sessions survive a restart; a fresh sign-in is what the scanner does if not, so either is fine.
        token = await adminToken(server);
      }

      const third = await send();
      expect(third.status, third.text).toBe(200);
      const answers = (third.body as { results: ScanResult[] }).results;
      const fourth = await send();
      expect(fourth.status, fourth.text).toBe(200);
      const again = (fourth.body as { results: ScanResult[] }).results;

      // Every scan once, under its own client_scan_id.
      const { rows: stored } = await database.pool.query<{
        id: string;
        client_scan_id: string;
        application_id: string;
        outcome: string;
        scanned_at: Date;
      }>(`select id, client_scan_id, application_id, outcome, scanned_at from scans where device_id = $1`, [
        DEVICE,
      ]);
      expect(stored).toHaveLength(batch.length);
      const byClient = new Map(stored.map((s) => [s.client_scan_id, s]));
      expect([...byClient.keys()].sort()).toEqual(batch.map((s) => s.client_scan_id).sort());

      // One counted scan per person, and it is their earlier one; the later is "already".
      const { rows: counted } = await database.pool.query(
        `select application_id, count(*)::int as n from scans
          where station_id = $1 and outcome = 'ok' and undone_at is null group by application_id`,
        [stationId],
      );
      expect(counted).toHaveLength(PEOPLE);
      expect(counted.filter((r) => r.n !== 1)).toEqual([]);
      for (const s of stored) {
        const first = new Date(s.scanned_at).getTime() < base + 1800_000;
        expect(s.outcome, s.client_scan_id).toBe(first ? 'ok' : 'already');
      }

      // One audit row per stored scan, none for what the kills rolled back.
      const { rows: audited } = await database.pool.query(
        `select after->>'scan_id' as scan_id, count(*)::int as n from audit_log
          where action = 'station.scan' and after->>'device_id' = $1 group by 1`,
        [DEVICE],
      );
      expect(audited).toHaveLength(batch.length);
      expect(audited.filter((r) => r.n !== 1)).toEqual([]);
      expect(new Set(audited.map((r) => r.scan_id as string))).toEqual(new Set(stored.map((s) => s.id)));

      // The answers name the stored scans, in the device's order, and a further send answers the same.
      expect(answers.map((r) => r.client_scan_id)).toEqual(batch.map((s) => s.client_scan_id));
      for (const r of answers) {
        const s = byClient.get(r.client_scan_id)!;
        expect([r.scan_id, r.outcome], r.client_scan_id).toEqual([s.id, s.outcome]);
      }
      expect(again.map((r) => [r.client_scan_id, r.scan_id, r.outcome])).toEqual(
        answers.map((r) => [r.client_scan_id, r.scan_id, r.outcome]),
      );
    } finally {
      await database.close().catch(() => {});
      await killServer(server).catch(() => {});
    }
  });
});
