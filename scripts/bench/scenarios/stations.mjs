// Event day at the stations: eight stations scanning at once (each its own volunteer, scanning as
// fast as a queue allows), and a scanner's offline queue of 500 scans replayed when the network
// returns. The codes are real ones, fetched by attendees from their dashboard's endpoint.
import crypto from 'node:crypto';
import { cannon, clientIp, percentile } from '../lib/load.mjs';
import { COOKIE } from '../lib/measure.mjs';

export const title = 'Stations: 8 stations scanning at once, a 500-scan offline replay';

const STATIONS = 8;
// A volunteer scans a person every second or two; five a second per station is a rush.
const PER_STATION_RATE = 5;
const REPLAY = 500;

async function api(bench, method, path, { body, headers } = {}) {
  const res = await fetch(`${bench.server.baseUrl}${path}`, {
    method,
    headers: {
      ...bench.adminHeaders(0),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** Confirmed attendees (about half checked in) with their door codes, as their dashboard gets them. */
async function attendees(bench, count) {
  const { db, tokens } = bench;
  const chosen = tokens.applicants.slice(0, count);
  const { rows } = await db.query(
    `update applications a set status = 'accepted', rsvp_status = 'accepted'
       from users u where u.id = a.user_id and u.email = any($1) and a.role = 'hacker'
     returning a.id`,
    [chosen.map((c) => c.email)],
  );
  await db.query(
    `update checkin_records set checked_in = true, checked_in_at = now() - interval '1 hour'
      where application_id = any($1) and abs(hashtext(application_id::text)) % 2 = 0`,
    [rows.map((r) => r.id)],
  );
  const codes = [];
  for (const [i, a] of chosen.entries()) {
    const res = await fetch(`${bench.server.baseUrl}/api/applications/me/qr`, {
      headers: { cookie: `${COOKIE}=${a.token}`, 'x-forwarded-for': clientIp(7, i) },
    });
    if (res.ok) codes.push((await res.json()).token);
  }
  return { ids: rows.map((r) => r.id), codes };
}

async function volunteers(bench, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-volunteer-${i}-${crypto.randomBytes(3).toString('hex')}@example.org`;
    const password = `Bench-${crypto.randomBytes(9).toString('base64url')}`;
    await api(bench, 'POST', '/api/admin/users', { body: { email, password, role: 'volunteer' } });
    const res = await fetch(`${bench.server.baseUrl}/api/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(8, i) },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`volunteer login answered ${res.status}`);
    out.push((await res.json()).access_token);
  }
  return out;
}

export async function run(bench) {
  const { db } = bench;
  const settings = (await db.query('select hacker_decisions_released from settings limit 1')).rows[0];
  const before = await db.query(
    `select a.id, a.status, a.rsvp_status from applications a join users u on u.id = a.user_id
      where u.email = any($1)`,
    [bench.tokens.applicants.slice(0, 1000).map((c) => c.email)],
  );
  await db.query('update settings set hacker_decisions_released = true');
  try {
    const people = await attendees(bench, Math.min(1000, bench.tokens.applicants.length));
    if (people.codes.length < 100) throw new Error(`only ${people.codes.length} attendees have a code`);
    const kinds = ['meal', 'meal', 'meal', 'swag', 'swag', 'workshop', 'workshop', 'other'];
    const stations = [];
    for (const [i, kind] of kinds.entries()) {
      const rule = kind === 'workshop' ? 'unlimited' : kind === 'meal' ? 'once_per_day' : 'once';
      stations.push(
        await api(bench, 'POST', '/api/checkin/stations', {
          body: { name: `Bench ${kind} ${i} ${crypto.randomBytes(2).toString('hex')}`, kind, rule },
        }),
      );
    }
    const desks = await volunteers(bench, STATIONS);
    const scanRow = await concurrentScans(bench, stations, desks, people.codes);
    const replayRow = await replayQueue(bench, stations[7], desks[0], people.codes);
    return [scanRow, replayRow];
  } finally {
    await db.query(`delete from scans`);
    await db.query(`delete from stations where kind <> 'checkin'`);
    await db.query(
      `update applications a set status = b.status::application_status, rsvp_status = b.rsvp_status::rsvp_status
         from unnest($1::uuid[], $2::text[], $3::text[]) as b(id, status, rsvp_status)
        where a.id = b.id`,
      [before.rows.map((r) => r.id), before.rows.map((r) => r.status), before.rows.map((r) => r.rsvp_status)],
    );
    await db.query('update settings set hacker_decisions_released = $1', [
      settings.hacker_decisions_released,
    ]);
    await db.query(`delete from users where email like 'bench-volunteer-%@example.org'`);
  }
}

async function concurrentScans(bench, stations, desks, codes) {
  const { profile } = bench;
  let next = 0;
  const request = {
    method: 'POST',
    setupRequest(req, ctx) {
      ctx.desk ??= next++ % STATIONS;
      ctx.n = (ctx.n ?? ctx.desk * 97) + 1;
      return {
        ...req,
        path: `/api/checkin/stations/${stations[ctx.desk].id}/scan`,
        headers: {
          authorization: `Bearer ${desks[ctx.desk]}`,
          'content-type': 'application/json',
          'x-forwarded-for': clientIp(9, ctx.desk),
        },
        body: JSON.stringify({
          token: codes[(ctx.n * 31) % codes.length],
          device_id: `bench-desk-${ctx.desk}`,
          client_scan_id: crypto.randomUUID(),
        }),
      };
    },
  };
  const opts = {
    url: bench.server.baseUrl,
    connections: STATIONS,
    connectionRate: PER_STATION_RATE,
    requests: [request],
  };
  await cannon({ ...opts, duration: profile.warmup });
  const run = await bench.withCpu(bench.server.pid, true, () =>
    cannon({ ...opts, duration: Math.max(profile.seconds, 5) }),
  );
  const p95 = percentile(run.latencies.request, 95);
  const clean = run.result.errors === 0 && run.result.non2xx === 0 && run.result.timeouts === 0;
  return {
    id: 'station-scan-p95',
    label: `Station scan, ${STATIONS} stations at once, ${profile.checkin.toLocaleString('en-US')} records`,
    value: p95,
    unit: 'ms',
    target: '< 50 ms',
    pass: clean && p95 < 50,
    ratio: bench.ratio(p95),
    detail: {
      connections: STATIONS,
      per_station_rate: PER_STATION_RATE,
      requests: run.latencies.request?.length ?? 0,
      p50_ms: percentile(run.latencies.request, 50),
      p99_ms: percentile(run.latencies.request, 99),
      non2xx: run.result.non2xx,
      errors: run.result.errors,
      attendees: codes.length,
      cpu_ms_per_request: run.cpu,
    },
  };
}

async function replayQueue(bench, station, desk, codes) {
  const start = Date.now() - 60 * 60 * 1000;
  const scans = Array.from({ length: REPLAY }, (_, i) => ({
    client_scan_id: crypto.randomUUID(),
    station_id: station.id,
    token: codes[i % codes.length],
    scanned_at: new Date(start + i * 5000).toISOString(),
  }));
  const started = performance.now();
  const res = await fetch(`${bench.server.baseUrl}/api/checkin/scans/replay`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${desk}`,
      'content-type': 'application/json',
      'x-forwarded-for': clientIp(9, 0),
    },
    body: JSON.stringify({ device_id: 'bench-offline', scans }),
  });
  const body = await res.json();
  const seconds = (performance.now() - started) / 1000;
  const applied = res.ok ? body.results.length : 0;
  return {
    id: 'station-replay-time',
    label: `Offline queue of ${REPLAY} scans replayed`,
    value: Math.round(seconds * 100) / 100,
    unit: 's',
    target: '< 5 s',
    pass: res.ok && applied === REPLAY && seconds < 5,
    ratio: null,
    detail: {
      status: res.status,
      results: applied,
      ok: res.ok ? body.results.filter((r) => r.outcome === 'ok').length : 0,
    },
  };
}
