// The two big downloads: the CSV of every application, and a zip of resumes. Both must stream:
// time, and the server's memory growth while it answers.
import { measurePeak } from '../lib/memory.mjs';
import { mb } from '../lib/measure.mjs';
import { readZip } from '../lib/zip.mjs';

export const title = 'Exports: CSV of every application, zip of resumes';

export async function run(bench) {
  return [...(await csvExport(bench)), ...(await resumeZip(bench))];
}

/**
 * The CSV of every application (GET /api/export/applications/csv) to its last byte: the time and
 * the server's memory growth, as two rows `${id}-time` and `${id}-memory` (custom-questions.mjs
 * measures it again with its questions answered).
 */
export async function csvExport(bench, { id = 'csv-export', label = 'CSV export' } = {}) {
  const { profile, server } = bench;
  const csv = await measurePeak(server.pid, async () => {
    const started = performance.now();
    const cpuBefore = bench.cpuNow();
    const res = await fetch(`${server.baseUrl}/api/export/applications/csv`, {
      headers: bench.adminHeaders(2),
    });
    if (res.status !== 200) throw new Error(`CSV export answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return { seconds: (performance.now() - started) / 1000, bytes, lines, cpu: bench.cpuSince(cpuBefore) };
  });
  return [
    {
      id: `${id}-time`,
      label: `${label}, ${profile.applications.toLocaleString('en-US')} applications`,
      value: csv.result.seconds,
      unit: 's',
      target: '< 3 s',
      pass: csv.result.seconds < 3 && csv.result.lines === profile.applications + 1,
      ratio: bench.ratio(csv.result.seconds * 1000),
      detail: { megabytes: mb(csv.result.bytes), lines: csv.result.lines, cpu_seconds: csv.result.cpu },
    },
    {
      id: `${id}-memory`,
      label: `${label}: server memory growth`,
      value: mb(csv.growth),
      unit: 'MB',
      target: '< 100 MB',
      pass: csv.growth < 100 * 2 ** 20,
      ratio: null,
      detail: { baseline_mb: mb(csv.baseline), peak_mb: mb(csv.peak), hwm_reset: csv.hwmReset },
    },
  ];
}

async function resumeZip(bench) {
  const { profile, server, db } = bench;
  const { rows: withResume } = await db.query(
    'select id from applications where resume_upload_id is not null order by submitted_at, id limit $1',
    [profile.resumes],
  );
  const zip = await measurePeak(server.pid, async () => {
    const started = performance.now();
    const cpuBefore = bench.cpuNow();
    const res = await fetch(`${server.baseUrl}/api/export/resumes/zip`, {
      method: 'POST',
      headers: { ...bench.adminHeaders(2), 'content-type': 'application/json' },
      body: JSON.stringify({ application_ids: withResume.map((r) => r.id) }),
    });
    if (res.status !== 200) throw new Error(`resume zip answered ${res.status}: ${await res.text()}`);
    const { bytes, entries } = await readZip(res);
    return { seconds: (performance.now() - started) / 1000, bytes, entries, cpu: bench.cpuSince(cpuBefore) };
  });
  return [
    {
      id: 'zip-time',
      label: `Zip of ${zip.result.entries.toLocaleString('en-US')} resumes (${mb(zip.result.bytes)} MB)`,
      value: zip.result.seconds,
      unit: 's',
      target: 'streaming (no time target)',
      pass: null,
      ratio: bench.ratio(zip.result.seconds * 1000),
      detail: {
        megabytes: mb(zip.result.bytes),
        entries: zip.result.entries,
        expected: withResume.length,
        cpu_seconds: zip.result.cpu,
      },
    },
    {
      id: 'zip-memory',
      label: 'Zip of resumes: server memory growth',
      value: mb(zip.growth),
      unit: 'MB',
      target: '< 100 MB',
      pass: zip.growth < 100 * 2 ** 20 && zip.result.entries === withResume.length,
      ratio: null,
      detail: { baseline_mb: mb(zip.baseline), peak_mb: mb(zip.peak), hwm_reset: zip.hwmReset },
    },
  ];
}
