// npm run bench [-- --quick]: seeds a fresh data directory, starts the production server and measures it
// against the targets of QUALITY.md, beside a bare Fastify route measured in the same run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIfNeeded, root } from '../lib.mjs';
import { cannon, clientIp, countStatus, percentile } from './lib/load.mjs';
import { cpuMs, measurePeak, postgresCpuMs } from './lib/memory.mjs';
import { cleanup, freePort, runChild, startChild, startServer, stopChild, waitReady } from './lib/proc.mjs';
import { formatValue, machine, printTable, writeResults } from './lib/report.mjs';
import { deadlineRush } from './lib/rush.mjs';

const PROFILES = {
  full: {
    applications: 50_000,
    resumes: 1000,
    resumeKb: 250,
    checkin: 10_000,
    pollers: 5000,
    rushPerMinute: 1000,
    rushSeconds: 60,
    seconds: 10,
    warmup: 3,
  },
  quick: {
    applications: 2000,
    resumes: 100,
    resumeKb: 250,
    checkin: 500,
    pollers: 500,
    rushPerMinute: 1000,
    rushSeconds: 6,
    seconds: 3,
    warmup: 1,
  },
};
const COOKIE = 'lanyard_session';
const ADMIN = {
  email: 'bench-admin@example.org',
  password: `Bench-${crypto.randomBytes(9).toString('base64url')}`,
};
const CONNECTIONS = 50;
// Organisers reviewing, volunteers at the doors: a few people at once, each waiting for the answer.
const ADMIN_CONNECTIONS = 4;
const CHECKIN_CONNECTIONS = 4;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench [-- --quick]\n\nSeeds its own data into a temporary data directory, starts the production server\n' +
      'and prints each figure beside its target (QUALITY.md). Writes bench/results.json (bench/results-quick.json with --quick).\n' +
      '--quick: a small dataset and short runs (about 2 minutes), for development.\n' +
      '--cpu-prof: the server writes V8 CPU profiles to bench/profiles/ (open them in Chrome DevTools).',
  );
  process.exit(0);
}
const profile = args.quick ? PROFILES.quick : PROFILES.full;
const rushConnections = Math.ceil((2 * profile.rushPerMinute) / 60);
const rushPerConnection = Math.ceil((profile.rushPerMinute * profile.rushSeconds) / 60 / rushConnections);
const submitterCount = rushConnections * rushPerConnection;

let dataDir;
let cleaning;
function cleanUp() {
  cleaning ??= cleanup(dataDir).catch((err) => console.error(`Cleanup failed: ${err.message}`));
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing ${dataDir ?? 'the data directory'}...`);
    void cleanUp().then(() => process.exit(130));
  });
}
// A throw inside a load generator's callback lands here, not in main(): clean up all the same.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (err) => {
    console.error(`\nBenchmark failed: ${err?.stack ?? err}`);
    void cleanUp().then(() => process.exit(1));
  });
}
const serverArgs = args['cpu-prof']
  ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/profiles')}`]
  : [];

const step = (text) => console.log(`\n> ${text}`);
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

async function main() {
  const startedAt = Date.now();
  buildIfNeeded();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-bench-'));
  // The embedded PostgreSQL runs as its own user when we are root: it must be able to enter the directory.
  fs.chmodSync(dataDir, 0o711);
  const rows = [];
  // Each figure is shown as soon as it is measured, so a long run shows its progress.
  const push = rows.push.bind(rows);
  rows.push = (...added) => {
    for (const r of added) console.log(`  ${r.label}: ${formatValue(r)} (target ${r.target})`);
    return push(...added);
  };
  const dataset = {
    applications: profile.applications,
    resumes: profile.resumes,
    resume_kb_average: profile.resumeKb,
    checkin_records: profile.checkin,
    polling_applicants: profile.pollers,
    rush_submissions: submitterCount,
    rush_seconds: profile.rushSeconds,
    quick: args.quick,
  };
  console.log(`Lanyard benchmark (${args.quick ? 'quick' : 'full'}), data in ${dataDir}`);

  step('Reference: a bare Fastify route in its own process');
  const refPort = await freePort();
  const reference = startChild([path.join(root, 'scripts/bench/reference.mjs')], { PORT: String(refPort) });
  await waitReady(`http://127.0.0.1:${refPort}/api/readyz`, reference, 30_000);

  step('First start of the production server on an empty data directory');
  let server = await startServer({ dataDir, admin: ADMIN, nodeArgs: serverArgs });
  const firstStartMs = server.readyMs;
  console.log(`  ready in ${(firstStartMs / 1000).toFixed(1)} s`);

  step(
    `Seeding ${profile.applications} applications, ${profile.resumes} resumes, ${profile.checkin} check-in records`,
  );
  const tokensFile = path.join(dataDir, 'bench-tokens.json');
  const seedStarted = performance.now();
  await runChild(
    [
      path.join(root, 'apps/server/dist/seed.js'),
      '--applications',
      String(profile.applications),
      '--resumes',
      String(profile.resumes),
      '--resume-kb',
      String(profile.resumeKb),
      '--checkin',
      String(profile.checkin),
      '--blank',
      String(submitterCount + 1),
      '--sessions',
      String(profile.pollers),
      '--tokens-out',
      tokensFile,
      '--seed',
      'bench',
    ],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  );
  dataset.seed_seconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  console.log(`  seeded in ${dataset.seed_seconds} s`);
  const tokens = JSON.parse(fs.readFileSync(tokensFile, 'utf8'));
  const db = new pg.Client({
    connectionString: `postgres://lanyard:${encodeURIComponent(
      fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim(),
    )}@127.0.0.1:${fs.readFileSync(path.join(dataDir, 'postgres.port'), 'utf8').trim()}/lanyard`,
  });
  await db.connect();
  try {
    // What autovacuum does a minute after a bulk load; without it the planner guesses at empty tables.
    await db.query('vacuum analyze');

    const adminLogin = await fetch(`${server.baseUrl}/api/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(3, 1) },
      body: JSON.stringify(ADMIN),
    });
    if (adminLogin.status !== 200) throw new Error(`admin sign-in failed: ${adminLogin.status}`);
    const adminToken = (await adminLogin.json()).access_token;
    const adminHeaders = (i) => ({
      authorization: `Bearer ${adminToken}`,
      'x-forwarded-for': clientIp(3, i),
    });

    // One applicant per connection, each with their own session and address.
    const perConnectionUser = (pathName, group) => {
      let next = 0;
      return {
        method: 'GET',
        path: pathName,
        setupRequest(req, ctx) {
          ctx.user ??= next++ % tokens.applicants.length;
          return {
            ...req,
            headers: {
              cookie: `${COOKIE}=${tokens.applicants[ctx.user].token}`,
              'x-forwarded-for': clientIp(group, ctx.user),
            },
          };
        },
      };
    };
    // CPU time per request barely moves with other load on the machine, unlike throughput: kept beside it.
    const postmasterPid = () =>
      Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cpuSince = ([server0, pg0]) => ({
      server: Math.round(cpuMs(server.pid) - server0) / 1000,
      // A backend that ended meanwhile takes its CPU time with it: then this is a lower bound.
      postgres: Math.max(0, Math.round(postgresCpuMs(postmasterPid()) - pg0) / 1000),
    });
    const withCpu = async (pid, withPostgres, run) => {
      const pgPid = withPostgres ? postmasterPid() : 0;
      const before = [cpuMs(pid), pgPid ? postgresCpuMs(pgPid) : 0];
      const out = await run();
      const n = Math.max(1, out.latencies.request?.length ?? 0);
      out.cpu = {
        server: Math.round(((cpuMs(pid) - before[0]) / n) * 1000) / 1000,
        postgres: pgPid ? Math.round(((postgresCpuMs(pgPid) - before[1]) / n) * 1000) / 1000 : 0,
      };
      return out;
    };
    const throughput = async (url, request, pid, withPostgres) => {
      const opts = { url, connections: CONNECTIONS, requests: [request] };
      await cannon({ ...opts, duration: profile.warmup });
      return withCpu(pid, withPostgres, () => cannon({ ...opts, duration: profile.seconds }));
    };

    step(`Throughput: bare Fastify route vs GET /api/applications/me, ${CONNECTIONS} connections`);
    // Reference before and after, so a burst of load from elsewhere on the machine shows as a spread.
    const refBefore = await throughput(
      `http://127.0.0.1:${refPort}`,
      perConnectionUser('/', 4),
      reference.pid,
    );
    const me = await throughput(
      server.baseUrl,
      perConnectionUser('/api/applications/me', 1),
      server.pid,
      true,
    );
    const ref = await throughput(`http://127.0.0.1:${refPort}`, perConnectionUser('/', 4), reference.pid);
    await stopChild(reference);
    const refRps = (refBefore.result.requests.average + ref.result.requests.average) / 2;
    // A latency's ratio is in units of the reference's time per request at full load.
    const refMsPerRequest = 1000 / refRps;
    const meRps = me.result.requests.average;
    const meP99 = percentile(me.latencies.request, 99);
    const meClean = me.result.errors === 0 && me.result.non2xx === 0 && me.result.timeouts === 0;
    rows.push(
      {
        id: 'reference-rps',
        label: 'Reference: bare Fastify route',
        value: Math.round(refRps),
        unit: 'req/s',
        target: 'physical reference',
        pass: null,
        ratio: 1,
        detail: {
          connections: CONNECTIONS,
          seconds: profile.seconds,
          runs_req_per_s: [refBefore, ref].map((r) => Math.round(r.result.requests.average)),
          cpu_ms_per_request: (refBefore.cpu.server + ref.cpu.server) / 2,
          p99_ms: percentile(ref.latencies.request, 99),
          ms_per_request: Math.round(refMsPerRequest * 1000) / 1000,
        },
      },
      {
        id: 'dashboard-rps',
        label: `GET /api/applications/me, ${CONNECTIONS} conn.`,
        value: Math.round(meRps),
        unit: 'req/s',
        target: '>= 30% of reference',
        pass: meClean && meRps >= 0.3 * refRps,
        ratio: meRps / refRps,
        detail: {
          cpu_ms_per_request: me.cpu,
          // What the throughput ratio would be on an idle machine, if CPU were the only limit.
          cpu_ratio:
            Math.round(
              ((refBefore.cpu.server + ref.cpu.server) / 2 / (me.cpu.server + me.cpu.postgres)) * 1000,
            ) / 1000,
          errors: me.result.errors,
          non2xx: me.result.non2xx,
          timeouts: me.result.timeouts,
          statuses: me.statuses.request,
        },
      },
      {
        id: 'dashboard-p99',
        label: `GET /api/applications/me p99, ${CONNECTIONS} conn.`,
        value: meP99,
        unit: 'ms',
        target: '< 50 ms',
        pass: meClean && meP99 < 50,
        ratio: meP99 / refMsPerRequest,
        detail: {
          p50_ms: percentile(me.latencies.request, 50),
          p95_ms: percentile(me.latencies.request, 95),
        },
      },
    );

    const latencyRow = async ({ id, label, target, limit, paths, connections, headers }) => {
      let next = 0;
      const request = {
        method: 'GET',
        setupRequest(req, ctx) {
          ctx.n ??= next;
          return { ...req, path: paths[next++ % paths.length], headers: headers(ctx.n) };
        },
      };
      const opts = { url: server.baseUrl, connections, requests: [request] };
      await cannon({ ...opts, duration: profile.warmup });
      const run = await withCpu(server.pid, true, () => cannon({ ...opts, duration: profile.seconds }));
      const p95 = percentile(run.latencies.request, 95);
      const clean = run.result.errors === 0 && run.result.non2xx === 0 && run.result.timeouts === 0;
      rows.push({
        id,
        label,
        value: p95,
        unit: 'ms',
        target,
        pass: clean && p95 < limit,
        ratio: p95 / refMsPerRequest,
        detail: {
          connections,
          requests: run.latencies.request?.length ?? 0,
          p50_ms: percentile(run.latencies.request, 50),
          p99_ms: percentile(run.latencies.request, 99),
          req_per_s: Math.round(run.result.requests.average),
          non2xx: run.result.non2xx,
          errors: run.result.errors,
          queries: paths.length,
          cpu_ms_per_request: run.cpu,
        },
      });
    };

    // What organisers and volunteers type: parts of names, e-mails and schools.
    const SEARCHES = [
      'ada',
      'hopper',
      'tur',
      'lin',
      'nguyen',
      'patel',
      'grace',
      'mat',
      'kow',
      'tanaka',
      'li',
      'okafor',
    ];
    step(`Admin list: search + status, role and school filters, ${ADMIN_CONNECTIONS} connections`);
    await latencyRow({
      id: 'admin-list-p95',
      label: `Admin list, search + 3 filters, ${profile.applications.toLocaleString('en-US')} apps`,
      target: '< 50 ms',
      limit: 50,
      connections: ADMIN_CONNECTIONS,
      headers: adminHeaders,
      paths: SEARCHES.map(
        (s, i) =>
          `/api/admin/applications?search=${s}&status=${i % 2 ? 'accepted' : 'pending,waitlisted'}` +
          `&role=hacker&school=${i % 3 ? 'University' : 'Institute'}`,
      ),
    });
    step(`Check-in search, ${CHECKIN_CONNECTIONS} connections`);
    await latencyRow({
      id: 'checkin-search-p95',
      label: `Check-in search, ${profile.checkin.toLocaleString('en-US')} records`,
      target: '< 30 ms',
      limit: 30,
      connections: CHECKIN_CONNECTIONS,
      headers: adminHeaders,
      paths: [...SEARCHES, 'ada lovelace', 'stanford', 'ada.l', 'priya'].map(
        (s) => `/api/checkin/records?search=${encodeURIComponent(s)}`,
      ),
    });

    step(`CSV export of ${profile.applications} applications`);
    const csv = await measurePeak(server.pid, async () => {
      const started = performance.now();
      const cpuBefore = [cpuMs(server.pid), postgresCpuMs(postmasterPid())];
      const res = await fetch(`${server.baseUrl}/api/export/applications/csv`, { headers: adminHeaders(2) });
      if (res.status !== 200) throw new Error(`CSV export answered ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      }
      return { seconds: (performance.now() - started) / 1000, bytes, lines, cpu: cpuSince(cpuBefore) };
    });
    rows.push(
      {
        id: 'csv-export-time',
        label: `CSV export, ${profile.applications.toLocaleString('en-US')} applications`,
        value: csv.result.seconds,
        unit: 's',
        target: '< 3 s',
        pass: csv.result.seconds < 3 && csv.result.lines === profile.applications + 1,
        ratio: (csv.result.seconds * 1000) / refMsPerRequest,
        detail: { megabytes: mb(csv.result.bytes), lines: csv.result.lines, cpu_seconds: csv.result.cpu },
      },
      {
        id: 'csv-export-memory',
        label: 'CSV export: server memory growth',
        value: mb(csv.growth),
        unit: 'MB',
        target: '< 100 MB',
        pass: csv.growth < 100 * 2 ** 20,
        ratio: null,
        detail: { baseline_mb: mb(csv.baseline), peak_mb: mb(csv.peak), hwm_reset: csv.hwmReset },
      },
    );

    step(`Zip of ${profile.resumes} resumes`);
    const { rows: withResume } = await db.query(
      'select id from applications where resume_upload_id is not null order by submitted_at, id limit $1',
      [profile.resumes],
    );
    const zip = await measurePeak(server.pid, async () => {
      const started = performance.now();
      const cpuBefore = [cpuMs(server.pid), postgresCpuMs(postmasterPid())];
      const res = await fetch(`${server.baseUrl}/api/export/resumes/zip`, {
        method: 'POST',
        headers: { ...adminHeaders(2), 'content-type': 'application/json' },
        body: JSON.stringify({ application_ids: withResume.map((r) => r.id) }),
      });
      if (res.status !== 200) throw new Error(`resume zip answered ${res.status}: ${await res.text()}`);
      let bytes = 0;
      let tail = Buffer.alloc(0);
      for await (const chunk of res.body) {
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk]).subarray(-22);
      }
      // The end-of-central-directory record says how many files the zip holds.
      const entries = tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : -1;
      return { seconds: (performance.now() - started) / 1000, bytes, entries, cpu: cpuSince(cpuBefore) };
    });
    rows.push(
      {
        id: 'zip-time',
        label: `Zip of ${zip.result.entries.toLocaleString('en-US')} resumes (${mb(zip.result.bytes)} MB)`,
        value: zip.result.seconds,
        unit: 's',
        target: 'streaming (no time target)',
        pass: null,
        ratio: (zip.result.seconds * 1000) / refMsPerRequest,
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
    );

    step(
      `Deadline rush: ${submitterCount} submissions with 1 MB resumes in about ${profile.rushSeconds} s, ` +
        `while ${profile.pollers} applicants poll their dashboard every 30 s`,
    );
    const submitters = tokens.blank.slice(0, submitterCount);
    const rush = await deadlineRush({
      baseUrl: server.baseUrl,
      submitters,
      pollers: tokens.applicants,
      connections: rushConnections,
      perConnection: rushPerConnection,
      cookieName: COOKIE,
    });
    const serverErrors = Object.values(rush.statuses).reduce((n, s) => n + countStatus(s, 500, 600), 0);
    const lossCheck = await checkNothingLost(db, submitters, rush.acknowledged);
    const rushDetail = {
      statuses: rush.statuses,
      client_errors: rush.errors,
      timeouts: rush.timeouts,
      rush_seconds: Math.round(rush.rushSeconds * 10) / 10,
      submissions_per_minute: Math.round((rush.acknowledged.size / rush.rushSeconds) * 60),
      polls_per_second: rush.pollRate,
    };
    rows.push({
      id: 'rush-5xx',
      label: 'Deadline rush: 5xx responses',
      value: serverErrors,
      unit: '',
      target: '0',
      pass: serverErrors === 0 && rush.errors === 0 && rush.timeouts === 0,
      ratio: null,
      detail: rushDetail,
    });
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
        ratio: p95 / refMsPerRequest,
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
      pass: lossCheck.lost === 0 && rush.acknowledged.size === submitterCount,
      ratio: null,
      detail: lossCheck,
    });

    const frontendFile = path.join(root, 'scripts/bench/frontend.mjs');
    if (fs.existsSync(frontendFile)) {
      step('Front end (scripts/bench/frontend.mjs)');
      try {
        const { measureFrontend } = await import(pathToFileURL(frontendFile).href);
        rows.push(
          ...(await measureFrontend({
            baseUrl: server.baseUrl,
            cookies: {
              dashboard: `${COOKIE}=${tokens.applicants[0].token}`,
              hackerForm: `${COOKIE}=${tokens.blank[submitterCount].token}`,
            },
          })),
        );
      } catch (err) {
        console.error(`  front-end measurement failed: ${err.stack ?? err}`);
        rows.push({
          id: 'frontend',
          label: 'Front end',
          value: NaN,
          unit: '',
          target: 'see QUALITY.md',
          pass: false,
          ratio: null,
          detail: { error: String(err.message ?? err) },
        });
      }
    } else {
      rows.push({
        id: 'frontend',
        label: 'Front end: skipped',
        value: NaN,
        unit: '',
        target: 'see QUALITY.md',
        pass: null,
        ratio: null,
        detail: { reason: 'scripts/bench/frontend.mjs does not exist yet' },
      });
    }
  } finally {
    await db.end();
  }

  step('Restart: SIGTERM, then start again on the same data directory');
  const shutdownMs = await stopChild(server);
  server = await startServer({ dataDir, admin: ADMIN, nodeArgs: serverArgs });
  rows.push(
    {
      id: 'restart',
      label: 'Restart (same data directory, to /api/readyz 200)',
      value: server.readyMs / 1000,
      unit: 's',
      target: '< 10 s',
      pass: server.readyMs < 10_000,
      ratio: null,
      detail: { shutdown_seconds: Math.round(shutdownMs / 100) / 10 },
    },
    {
      id: 'first-start',
      label: 'First start on an empty data directory',
      value: firstStartMs / 1000,
      unit: 's',
      target: 'part of < 2 min fresh clone',
      pass: firstStartMs < 120_000,
      ratio: null,
    },
  );
  await stopChild(server);

  console.log('');
  printTable(rows);
  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    dataset,
    duration_seconds: Math.round((Date.now() - startedAt) / 1000),
    rows: rows.map((r) => ({
      ...r,
      value: Number.isFinite(r.value) ? Math.round(r.value * 1000) / 1000 : null,
    })),
  };
  // A quick run never replaces the figures of a full one.
  const out = path.join(root, args.quick ? 'bench/results-quick.json' : 'bench/results.json');
  await writeResults(out, results);
  console.log(`\nWrote ${path.relative(root, out)} (${results.duration_seconds} s in all).`);
  return rows.every((r) => r.pass !== false);
}

/** Every acknowledged submission is in the database with its resume file intact on disk. */
async function checkNothingLost(db, submitters, acknowledged) {
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

main()
  .then(async (ok) => {
    await cleanUp();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err) => {
    console.error(`\nBenchmark failed: ${err.stack ?? err}`);
    await cleanUp();
    process.exit(1);
  });
