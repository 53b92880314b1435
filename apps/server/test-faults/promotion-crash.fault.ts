import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { applications, users } from '../src/db/schema/index';
import { applicationValues, userValues } from '../test/factories';
import { cleanUp, killServer, makeDataDir, sleep, startServer, waitReady, type Server } from './harness';

/**
 * kill -9 of the server while it promotes from the waitlist into freed places: after each restart
 * it resumes, and in the end every freed place was refilled exactly once, by the next person in
 * line, and each promoted applicant's acceptance e-mail was queued exactly once.
 */

const PLACES = 40;
const WAITLIST = 60;
const ROUNDS = 4;
const PER_ROUND = 10;
const dirs: string[] = [];
afterAll(() => cleanUp(dirs));

async function seed(database: Database): Promise<{ confirmed: string[]; waitlisted: string[] }> {
  const { db, pool } = database;
  const people = await db
    .insert(users)
    .values(Array.from({ length: PLACES + WAITLIST }, () => userValues()))
    .returning({ id: users.id, email: users.email });
  const base = Date.UTC(2025, 5, 1);
  const rows = await db
    .insert(applications)
    .values(
      people.map((u, i) =>
        applicationValues(u, {
          firstName: `P${i}`,
          submittedAt: new Date(base + i * 1000),
          ...(i < PLACES
            ? {
                status: 'accepted',
                decisionNotifiedStatus: 'accepted',
                rsvpStatus: 'accepted',
                liabilityWaiverAccepted: true,
                photoClearanceAccepted: true,
                photoSharingOptOut: false,
              }
            : { status: 'waitlisted', decisionNotifiedStatus: 'waitlisted' }),
        }),
      ),
    )
    .returning({ id: applications.id, status: applications.status, submittedAt: applications.submittedAt });
  rows.sort((x, y) => x.submittedAt.getTime() - y.submittedAt.getTime());
  await pool.query(`update settings set hacker_decisions_released = true, capacity = $1`, [
    JSON.stringify({
      hacker: {
        places: PLACES,
        attend_percent: 100,
        yes_percent: 100,
        use_measured: false,
        auto_promote: true,
      },
      offer_days: 3,
    }),
  ]);
  return {
    confirmed: rows.filter((r) => r.status === 'accepted').map((r) => r.id),
    waitlisted: rows.filter((r) => r.status === 'waitlisted').map((r) => r.id),
  };
}

describe('automatic promotion under kill -9', () => {
  it('refills each freed place once and queues each acceptance once, across crashes', async () => {
    const dir = makeDataDir('promotion');
    dirs.push(dir);
    let server: Server = await startServer(dir);
    await waitReady(server);
    let database = createDatabase(server.databaseUrl()!, { max: 2 });
    const { confirmed, waitlisted } = await seed(database);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const declining = confirmed.slice(round * PER_ROUND, (round + 1) * PER_ROUND);
        // Ten declines in one statement: ten freed places, one NOTIFY, and the server at work at once.
        await database.pool.query(`update applications set rsvp_status = 'declined' where id = any($1)`, [
          declining,
        ]);
        await sleep(Math.floor(Math.random() * 120));
        await database.close();
        await killServer(server);
        server = await startServer(dir);
        await waitReady(server);
        database = createDatabase(server.databaseUrl()!, { max: 2 });
      }
      const freed = ROUNDS * PER_ROUND;
      // The restarted server catches up by itself (on start, and every few seconds).
      const deadline = Date.now() + 60_000;
      for (;;) {
        const { rows } = await database.pool.query(
          `select (select count(*) from admission_events)::int as waiting,
                  (select count(*) from applications where status = 'accepted' and rsvp_status is distinct from 'declined')::int as holding`,
        );
        if (rows[0].waiting === 0 && rows[0].holding === PLACES) break;
        if (Date.now() > deadline) throw new Error(`not caught up: ${JSON.stringify(rows[0])}`);
        await sleep(250);
      }
      // The next `freed` people in line, and nobody else, were promoted; each once, in the log too.
      const { rows: promoted } = await database.pool.query(
        `select id from applications where id = any($1) and status = 'accepted'`,
        [waitlisted],
      );
      expect(promoted.map((r) => r.id as string).sort()).toEqual(waitlisted.slice(0, freed).sort());
      const { rows: log } = await database.pool.query(
        `select target_id, count(*)::int as n from audit_log
          where action = 'admissions.auto_promote' group by target_id`,
      );
      expect(log).toHaveLength(freed);
      expect(log.every((r) => r.n === 1)).toBe(true);
      const { rows: mail } = await database.pool.query(
        `select a.id, count(o.id)::int as n from applications a
           left join email_outbox o on o.to_address = a.email and o.kind = 'decision_accepted'
          where a.id = any($1) group by a.id`,
        [waitlisted.slice(0, freed)],
      );
      expect(mail.filter((r) => r.n !== 1)).toEqual([]);
      // Each promoted applicant has their own deadline.
      const { rows: due } = await database.pool.query(
        `select count(*)::int as n from applications where id = any($1) and rsvp_due_at is not null`,
        [waitlisted.slice(0, freed)],
      );
      expect(due[0].n).toBe(freed);
    } finally {
      await database.close().catch(() => {});
      await killServer(server).catch(() => {});
    }
  });
});
