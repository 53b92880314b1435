// Announcements (issue 17): "Send now" to a segment of 5,000 applicants queues one rendered e-mail
// per recipient in the outbox, in the request's own transaction. Target: under 2 s.
export const title = (profile) =>
  `Announcements: one to ${Math.min(5000, profile.applications).toLocaleString('en-US')} recipients, queued`;

/** A school no seeded application has: the segment is the Applications list filtered by it. */
const SCHOOL = 'Bench Announcement Institute';

export async function run(bench) {
  const { server, db, profile } = bench;
  const wanted = Math.min(5000, profile.applications);
  // The segment: `wanted` applications moved to one school (their own schools are put back after).
  await db.query(
    'create temporary table bench_announce_school as select id, school from applications order by id limit $1',
    [wanted],
  );
  await db.query('update applications a set school = $1 from bench_announce_school b where a.id = b.id', [
    SCHOOL,
  ]);
  await db.query('analyze applications');
  let announcementId;
  try {
    const started = performance.now();
    const cpuBefore = bench.cpuNow();
    const res = await fetch(`${server.baseUrl}/api/admin/announcements`, {
      method: 'POST',
      headers: { ...bench.adminHeaders(4), 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: 'Doors open at 9, {{first_name}}',
        body: 'Hi {{first_name}},\n\n**{{event}}** starts soon. Your [dashboard]({{dashboard_link}}) has your QR code.\n\n- Bring a photo ID\n- Bring a laptop and charger\n\nSee you there!',
        segment: { list: 'applications', filters: { school: SCHOOL } },
      }),
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = bench.cpuSince(cpuBefore);
    if (res.status !== 201) throw new Error(`announcement answered ${res.status}: ${await res.text()}`);
    const created = await res.json();
    announcementId = created._id;
    const { rows } = await db.query(
      'select count(*)::int as n from email_outbox where announcement_id = $1',
      [announcementId],
    );
    return [
      {
        id: 'announcement-queue',
        label: `Announcement to ${wanted.toLocaleString('en-US')} recipients: queued in the outbox`,
        value: seconds,
        unit: 's',
        target: '< 2 s',
        pass: seconds < 2 && created.recipients === wanted && rows[0].n === wanted,
        ratio: bench.ratio(seconds * 1000),
        detail: { recipients: created.recipients, outbox_rows: rows[0].n, cpu_seconds: cpu },
      },
    ];
  } finally {
    // Put the schools back and drop the queued mail, so later scenarios see the seeded data.
    await db.query(
      'update applications a set school = b.school from bench_announce_school b where a.id = b.id',
    );
    await db.query('drop table bench_announce_school');
    if (announcementId)
      await db.query('delete from email_outbox where announcement_id = $1', [announcementId]);
  }
}
