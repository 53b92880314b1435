// Admissions to capacity (issue 17): a season compressed into seconds. 5,000 hacker applicants,
// 600 places (half confirmed, half still to answer, each offer with its own deadline), the rest on
// the waitlist, and automatic promotion on. Then a stream of declines (through the admin RSVP API)
// and expiries (deadlines moved into the past: the fake clock) at 10 per second. Checked: every
// freed place is refilled exactly once, attendance ends at the places, nothing is promoted twice,
// no 5xx, and each decline-to-promotion (and expiry-to-promotion) p95 is under 1 s.
import { percentile } from '../lib/load.mjs';

const APPLICANTS = 5000;
const PLACES = 600;
const PER_SECOND = 10;

export const title = (profile) =>
  `Season: ${Math.min(APPLICANTS, profile.applications).toLocaleString('en-US')} hackers, ` +
  `${placesFor(profile)} places, declines and expiries at ${PER_SECOND}/s with automatic promotion`;

const placesFor = (profile) =>
  Math.min(PLACES, Math.floor(Math.min(APPLICANTS, profile.applications) * 0.12));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(what, ok, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`season: timed out waiting for ${what}`);
    await sleep(100);
  }
}

export async function run(bench) {
  const { db, server, profile } = bench;
  const applicants = Math.min(APPLICANTS, profile.applications);
  const places = placesFor(profile);
  const seconds = profile.seconds * 3;
  const events = seconds * PER_SECOND;

  // The season's people; every other hacker is out of it (rejected), and promotion is off meanwhile.
  await db.query(`update settings set capacity = null, hacker_decisions_released = true`);
  const { rows: people } = await db.query(
    `select id from applications where role = 'hacker' order by submitted_at, id limit $1`,
    [applicants],
  );
  const ids = people.map((r) => r.id);
  const confirmed = ids.slice(0, places / 2);
  const awaiting = ids.slice(places / 2, places);
  await db.query('begin');
  await db.query(
    `update applications set status = 'rejected', decision_notified_status = 'rejected',
            rsvp_status = null, rsvp_due_at = null, rsvp_expired_at = null
      where role = 'hacker' and not (id = any($1))`,
    [ids],
  );
  await db.query(
    `update applications set status = 'waitlisted', decision_notified_status = 'waitlisted', rsvp_status = null,
            rsvp_at = null, rsvp_due_at = null, rsvp_expired_at = null, review_flagged = false
      where id = any($1)`,
    [ids.slice(places)],
  );
  await db.query(
    `update applications set status = 'accepted', decision_notified_status = 'accepted', rsvp_status = 'accepted',
            rsvp_at = now(), liability_waiver_accepted = true, photo_clearance_accepted = true,
            photo_sharing_opt_out = false, rsvp_due_at = null, rsvp_expired_at = null
      where id = any($1)`,
    [confirmed],
  );
  await db.query(
    `update applications set status = 'accepted', decision_notified_status = 'accepted', rsvp_status = null,
            rsvp_at = null, rsvp_due_at = now() + interval '3 days', rsvp_expired_at = null
      where id = any($1)`,
    [awaiting],
  );
  await db.query('commit');
  // The server drops the places these changes "freed" while promotion is off.
  await waitUntil('the setup to settle', async () => {
    const { rows } = await db.query('select count(*)::int as n from admission_events');
    return rows[0].n === 0;
  });
  await db.query('analyze applications');
  await db.query(`update settings set capacity = $1`, [
    JSON.stringify({
      hacker: { places, attend_percent: 100, yes_percent: 100, use_measured: false, auto_promote: true },
      offer_days: 3,
    }),
  ]);
  const started = new Date();

  // The stream: every 100 ms one event, declines and expiries in turn.
  const declines = [];
  /** When each decline was sent (the server's own record keeps the first answer's time). */
  const sentAt = new Map();
  const expiries = [];
  const statuses = { ok: 0, server_errors: 0, other: 0 };
  const pending = [];
  for (let i = 0; i < events; i++) {
    const tickAt = performance.now();
    if (i % 2 === 0) {
      const id = confirmed[declines.length];
      declines.push(id);
      sentAt.set(id, Date.now());
      pending.push(
        fetch(`${server.baseUrl}/api/admin/applications/${id}/rsvp`, {
          method: 'PUT',
          headers: { ...bench.adminHeaders(5), 'content-type': 'application/json' },
          body: JSON.stringify({ rsvp_status: 'declined' }),
        }).then((res) => {
          if (res.status >= 500) statuses.server_errors++;
          else if (res.status === 200) statuses.ok++;
          else statuses.other++;
          return res.arrayBuffer();
        }),
      );
    } else {
      const id = awaiting[expiries.length];
      expiries.push(id);
      await db.query(`update applications set rsvp_due_at = now() - interval '1 second' where id = $1`, [id]);
    }
    await sleep(Math.max(0, 1000 / PER_SECOND - (performance.now() - tickAt)));
  }
  await Promise.all(pending);
  await waitUntil('every freed place to be refilled', async () => {
    const { rows } = await db.query(
      `select (select count(*) from admission_events)::int as waiting,
              (select count(*) from applications where id = any($1) and rsvp_expired_at is not null)::int as expired`,
      [expiries],
    );
    return rows[0].waiting === 0 && rows[0].expired === expiries.length;
  });

  const { rows: promotions } = await db.query(
    `select l.target_id, l.after->'reason'->>'application_id' as freed_id, l.after->'reason'->>'freed_by' as kind,
            extract(epoch from p.decided_at) * 1000 as promoted_ms,
            extract(epoch from f.rsvp_expired_at) * 1000 as expired_ms,
            extract(epoch from (f.rsvp_expired_at - f.rsvp_due_at)) * 1000 as expiry_lag_ms
       from audit_log l
       join applications p on p.id::text = l.target_id
       join applications f on f.id::text = l.after->'reason'->>'application_id'
      where l.action = 'admissions.auto_promote' and l.created_at >= $1`,
    [started],
  );
  const { rows: holding } = await db.query(
    `select count(*)::int as n from applications
      where role = 'hacker' and status = 'accepted' and rsvp_status is distinct from 'declined'
        and rsvp_expired_at is null`,
  );
  const distinct = new Set(promotions.map((p) => p.target_id)).size;
  const declineMs = promotions
    .filter((p) => p.kind === 'declined')
    .map((p) => Number(p.promoted_ms) - sentAt.get(p.freed_id));
  const expiryMs = promotions
    .filter((p) => p.kind === 'expired')
    .map((p) => Number(p.promoted_ms) - Number(p.expired_ms));
  const lag = promotions.filter((p) => p.kind === 'expired').map((p) => Number(p.expiry_lag_ms));
  const p95 = percentile(declineMs, 95);
  const expiryP95 = percentile(expiryMs, 95);
  const exact =
    promotions.length === events &&
    distinct === events &&
    holding[0].n === places &&
    statuses.ok === declines.length;
  const detail = {
    events,
    declines: declines.length,
    expiries: expiries.length,
    promotions: promotions.length,
    distinct_promoted: distinct,
    holding_places_at_end: holding[0].n,
    places,
    http: statuses,
    decline_to_promotion_p50_ms: Math.round(percentile(declineMs, 50)),
    expiry_to_promotion_p95_ms: Math.round(expiryP95),
    // How long after its deadline an offer was marked expired (the job runs every few seconds).
    deadline_to_expiry_p95_ms: Math.round(percentile(lag, 95)),
  };
  if (process.env.BENCH_DEBUG) console.log(detail);
  // Promotion off again, so that later scenarios and restarts leave the season's state alone.
  await db.query(`update settings set capacity = null`);
  return [
    {
      id: 'season-promotion-p95',
      label: `Season: decline to promotion, p95 (${events} freed places, ${PER_SECOND}/s)`,
      value: Math.round(p95),
      unit: 'ms',
      target: '< 1000 ms, one promotion per freed place, no 5xx',
      pass: p95 < 1000 && expiryP95 < 1000 && exact && statuses.server_errors === 0,
      ratio: bench.ratio(p95),
      detail,
    },
  ];
}
