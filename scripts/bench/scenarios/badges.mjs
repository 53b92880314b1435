// Printed badges: a PDF of 1,000 badges, each with its door code, names in Latin, Greek and
// Cyrillic. It must stream: the time to the last byte, and the server's memory growth meanwhile.
import { measurePeak } from '../lib/memory.mjs';
import { mb } from '../lib/measure.mjs';

export const title = 'Badges: a PDF of 1,000 name badges with their door codes';

const BADGES = 1000;
const NAMES = ['Анастасия', 'Σωκράτης', 'Zoë', 'Maximilian-Alexander', 'Ngozi', 'Łukasz', null];

/**
 * Makes 1,000 applicants confirmed attendees (the database gives each a check-in record linked to
 * their application, so every badge carries a code), and puts their applications back afterwards.
 */
export async function run(bench) {
  const { db } = bench;
  const { rows: before } = await db.query(
    `select id, status::text, rsvp_status::text, preferred_name from applications
      where role = 'hacker' and not exists (select 1 from checkin_records c where c.application_id = applications.id)
      order by id limit $1`,
    [BADGES],
  );
  try {
    await db.query(
      `update applications set status = 'accepted', rsvp_status = 'accepted',
              preferred_name = ($2::text[])[1 + abs(hashtext(id::text)) % $3]
        where id = any($1)`,
      [before.map((r) => r.id), NAMES, NAMES.length],
    );
    const { rows: records } = await db.query(
      `select id from checkin_records where application_id = any($1)`,
      [before.map((r) => r.id)],
    );
    if (records.length !== BADGES) throw new Error(`badges: ${records.length} records, not ${BADGES}`);
    return await measure(
      bench,
      records.map((r) => r.id),
    );
  } finally {
    // The database takes them off the door list again as their RSVPs go.
    await db.query(
      `update applications a set status = b.status::application_status, rsvp_status = b.rsvp_status::rsvp_status,
              preferred_name = b.preferred_name
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as b(id, status, rsvp_status, preferred_name)
        where a.id = b.id`,
      [
        before.map((r) => r.id),
        before.map((r) => r.status),
        before.map((r) => r.rsvp_status),
        before.map((r) => r.preferred_name),
      ],
    );
  }
}

async function measure(bench, ids) {
  const { server } = bench;
  const pdf = await measurePeak(server.pid, async () => {
    const started = performance.now();
    const cpuBefore = bench.cpuNow();
    const res = await fetch(`${server.baseUrl}/api/checkin/badges.pdf`, {
      method: 'POST',
      headers: { ...bench.adminHeaders(2), 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'selected', layout: 'a4-2x3', ids }),
    });
    if (res.status !== 200) throw new Error(`badges answered ${res.status}: ${await res.text()}`);
    const chunks = [];
    for await (const chunk of res.body) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    // One `/Type /Page` object per page (the page tree is `/Pages`).
    const pages = body.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    return {
      seconds: (performance.now() - started) / 1000,
      bytes: body.length,
      pages,
      cpu: bench.cpuSince(cpuBefore),
    };
  });
  const expectedPages = Math.ceil(ids.length / 6);
  return [
    {
      id: 'badges-time',
      label: `Badge PDF, ${ids.length.toLocaleString('en-US')} badges (A4 2×3)`,
      value: pdf.result.seconds,
      unit: 's',
      target: '< 10 s',
      pass: pdf.result.seconds < 10 && pdf.result.pages === expectedPages,
      ratio: bench.ratio(pdf.result.seconds * 1000),
      detail: {
        megabytes: mb(pdf.result.bytes),
        pages: pdf.result.pages,
        expected_pages: expectedPages,
        cpu_seconds: pdf.result.cpu,
      },
    },
    {
      id: 'badges-memory',
      label: 'Badge PDF: server memory growth',
      value: mb(pdf.growth),
      unit: 'MB',
      target: '< 100 MB',
      pass: pdf.growth < 100 * 2 ** 20,
      ratio: null,
      detail: { baseline_mb: mb(pdf.baseline), peak_mb: mb(pdf.peak), hwm_reset: pdf.hwmReset },
    },
  ];
}
