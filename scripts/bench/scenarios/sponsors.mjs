// The sponsor resume book's zip: a sponsor downloads the resumes of their whole selection (up to
// the 1,000 the route allows). Like the organisers' zip it must stream: the time to the last byte,
// and the server's memory growth meanwhile, with the book's rule checked for every person.
import crypto from 'node:crypto';
import { measurePeak } from '../lib/memory.mjs';
import { clientIp } from '../lib/load.mjs';
import { mb } from '../lib/measure.mjs';
import { readZip } from '../lib/zip.mjs';

export const title = 'Sponsors: a zip of the resume book, up to 1,000 resumes';

/** SPONSOR_ZIP_MAX in packages/shared/src/sponsors.ts. */
const ZIP_MAX = 1000;
const HOUR = 3_600_000;

async function api(bench, method, path, body) {
  const res = await fetch(`${bench.server.baseUrl}${path}`, {
    method,
    headers: { ...bench.adminHeaders(5), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A sponsor account as admins make it, signed in at the admin login: its bearer token. */
async function sponsorToken(bench) {
  const email = `bench-sponsor-${crypto.randomBytes(3).toString('hex')}@example.org`;
  const password = `Bench-${crypto.randomBytes(9).toString('base64url')}`;
  await api(bench, 'POST', '/api/admin/sponsors', {
    email,
    password,
    company: 'Bench Corp',
    access_from: new Date(Date.now() - HOUR).toISOString(),
    access_until: new Date(Date.now() + 24 * HOUR).toISOString(),
  });
  const res = await fetch(`${bench.server.baseUrl}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(11, 0) },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sponsor login answered ${res.status}`);
  return (await res.json()).access_token;
}

/**
 * Puts every applicant with a resume in the book (accepted, attending, consenting, an adult on the
 * first day), and puts them back as they were afterwards.
 */
export async function run(bench) {
  const { db, profile } = bench;
  const { rows: before } = await db.query(
    `select id, status::text, rsvp_status::text, sponsor_consent, birth_year, birth_month, birth_day
       from applications where resume_upload_id is not null order by id limit $1`,
    [Math.min(ZIP_MAX, profile.resumes)],
  );
  try {
    await db.query(
      `update applications set status = 'accepted', rsvp_status = 'accepted', sponsor_consent = true,
              sponsor_consent_at = now(), birth_year = least(coalesce(birth_year, 2000), 2000),
              birth_month = coalesce(birth_month, 1), birth_day = coalesce(birth_day, 1)
        where id = any($1)`,
      [before.map((r) => r.id)],
    );
    const token = await sponsorToken(bench);
    return await measure(
      bench,
      token,
      before.map((r) => r.id),
    );
  } finally {
    await db.query(
      `update applications a set status = b.status::application_status, rsvp_status = b.rsvp_status::rsvp_status,
              sponsor_consent = b.consent, birth_year = b.birth_year, birth_month = b.birth_month,
              birth_day = b.birth_day
         from unnest($1::uuid[], $2::text[], $3::text[], $4::boolean[], $5::int[], $6::int[], $7::int[])
           as b(id, status, rsvp_status, consent, birth_year, birth_month, birth_day)
        where a.id = b.id`,
      [
        before.map((r) => r.id),
        before.map((r) => r.status),
        before.map((r) => r.rsvp_status),
        before.map((r) => r.sponsor_consent),
        before.map((r) => r.birth_year),
        before.map((r) => r.birth_month),
        before.map((r) => r.birth_day),
      ],
    );
    await db.query(`delete from users where email like 'bench-sponsor-%@example.org'`);
  }
}

async function measure(bench, token, ids) {
  const { server } = bench;
  const zip = await measurePeak(server.pid, async () => {
    const started = performance.now();
    const cpuBefore = bench.cpuNow();
    const res = await fetch(`${server.baseUrl}/api/sponsor/book/zip`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': clientIp(11, 1),
      },
      body: JSON.stringify({ application_ids: ids }),
    });
    if (res.status !== 200) throw new Error(`sponsor zip answered ${res.status}: ${await res.text()}`);
    const { bytes, entries } = await readZip(res);
    return { seconds: (performance.now() - started) / 1000, bytes, entries, cpu: bench.cpuSince(cpuBefore) };
  });
  const label = `Sponsor zip of ${zip.result.entries.toLocaleString('en-US')} resumes (${mb(zip.result.bytes)} MB)`;
  return [
    {
      id: 'sponsor-zip-time',
      label,
      value: zip.result.seconds,
      unit: 's',
      target: 'streaming (no time target)',
      pass: null,
      ratio: bench.ratio(zip.result.seconds * 1000),
      detail: { megabytes: mb(zip.result.bytes), entries: zip.result.entries, cpu_seconds: zip.result.cpu },
    },
    {
      id: 'sponsor-zip-memory',
      label: 'Sponsor zip: server memory growth',
      value: mb(zip.growth),
      unit: 'MB',
      target: '< 100 MB',
      pass: zip.growth < 100 * 2 ** 20 && zip.result.entries === ids.length,
      ratio: null,
      detail: { baseline_mb: mb(zip.baseline), peak_mb: mb(zip.peak), hwm_reset: zip.hwmReset },
    },
  ];
}
