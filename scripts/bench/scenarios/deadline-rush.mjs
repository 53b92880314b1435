// Deadline night: applicants upload a 1 MB resume and submit at the profile's rate while thousands
// poll their dashboard. Nothing acknowledged may be lost, and nothing may answer 5xx.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { countStatus, percentile } from '../lib/load.mjs';
import { COOKIE } from '../lib/measure.mjs';
import { deadlineRush } from '../lib/rush.mjs';

/** How many submitters the rush needs (the seed makes them blank accounts), and how they connect. */
export function rushShape(profile) {
  const connections = Math.ceil((2 * profile.rushPerMinute) / 60);
  const perConnection = Math.ceil((profile.rushPerMinute * profile.rushSeconds) / 60 / connections);
  return { connections, perConnection, submitters: connections * perConnection };
}

export function title(profile) {
  return (
    `Deadline rush: ${rushShape(profile).submitters} submissions with 1 MB resumes in about ` +
    `${profile.rushSeconds} s, while ${profile.pollers} applicants poll their dashboard every 30 s`
  );
}

export async function run(bench) {
  const { profile, server, tokens, db, dataDir } = bench;
  const shape = rushShape(profile);
  const submitters = tokens.blank.slice(0, shape.submitters);
  const rush = await deadlineRush({
    baseUrl: server.baseUrl,
    submitters,
    pollers: tokens.applicants,
    connections: shape.connections,
    perConnection: shape.perConnection,
    cookieName: COOKIE,
  });
  const serverErrors = Object.values(rush.statuses).reduce((n, s) => n + countStatus(s, 500, 600), 0);
  const lossCheck = await checkNothingLost(db, dataDir, submitters, rush.acknowledged);
  const rows = [
    {
      id: 'rush-5xx',
      label: 'Deadline rush: 5xx responses',
      value: serverErrors,
      unit: '',
      target: '0',
      pass: serverErrors === 0 && rush.errors === 0 && rush.timeouts === 0,
      ratio: null,
      detail: {
        statuses: rush.statuses,
        client_errors: rush.errors,
        timeouts: rush.timeouts,
        rush_seconds: Math.round(rush.rushSeconds * 10) / 10,
        submissions_per_minute: Math.round((rush.acknowledged.size / rush.rushSeconds) * 60),
        polls_per_second: rush.pollRate,
      },
    },
  ];
  for (const [kind, what] of [
    ['upload', 'resume upload (1 MB)'],
    ['submit', 'submit'],
    ['poll', 'dashboard poll'],
  ]) {
    const p95 = percentile(rush.latencies[kind] ?? [], 95);
    rows.push({
      id: `rush-${kind}-p95`,
      label: `Deadline rush: ${what} p95`,
      value: p95,
      unit: 'ms',
      target: '< 1000 ms',
      pass: Number.isFinite(p95) && p95 < 1000,
      ratio: bench.ratio(p95),
      detail: {
        count: rush.latencies[kind]?.length ?? 0,
        p50_ms: percentile(rush.latencies[kind] ?? [], 50),
        p99_ms: percentile(rush.latencies[kind] ?? [], 99),
      },
    });
  }
  rows.push({
    id: 'rush-lost',
    label: `Deadline rush: acknowledged submissions lost (of ${rush.acknowledged.size})`,
    value: lossCheck.lost,
    unit: '',
    target: '0 (nothing lost)',
    pass: lossCheck.lost === 0 && rush.acknowledged.size === shape.submitters,
    ratio: null,
    detail: lossCheck,
  });
  return rows;
}

/** Every acknowledged submission is in the database with its resume file intact on disk. */
async function checkNothingLost(db, dataDir, submitters, acknowledged) {
  const emails = submitters.map((s) => s.email);
  const { rows } = await db.query(
    `select a.email, u.storage_key, u.size_bytes, u.sha256
       from applications a left join uploads u on u.id = a.resume_upload_id
      where a.email = any($1)`,
    [emails],
  );
  const stored = new Map(rows.map((r) => [r.email, r]));
  let missing = 0;
  let badFiles = 0;
  for (const email of acknowledged) {
    const row = stored.get(email);
    if (!row || !row.storage_key) {
      missing++;
      continue;
    }
    const file = path.join(dataDir, 'uploads', row.storage_key);
    const hash = crypto.createHash('sha256');
    try {
      for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
      if (hash.digest('hex') !== row.sha256 || fs.statSync(file).size !== Number(row.size_bytes)) badFiles++;
    } catch {
      badFiles++;
    }
  }
  return {
    acknowledged: acknowledged.size,
    stored: rows.length,
    lost: missing + badFiles,
    missing_rows: missing,
    missing_or_damaged_files: badFiles,
    stored_without_acknowledgement: rows.filter((r) => !acknowledged.has(r.email)).length,
  };
}
