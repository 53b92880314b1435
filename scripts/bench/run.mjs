// npm run bench [-- --quick] [-- --only dashboard,exports] [-- --scale]: seeds a fresh data directory, starts the
// production server and runs the scenarios in scenarios/ against their targets, beside
// a bare Fastify route measured in the same run. A scenario is a file exporting `title` and
// `run(bench)`, which answers rows; `bench` (lib/measure.mjs) holds the server, data and helpers.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIfNeeded, root } from '../lib.mjs';
import { clientIp } from './lib/load.mjs';
import { createBench } from './lib/measure.mjs';
import { cleanup, runChild, startServer, stopChild } from './lib/proc.mjs';
import { scalingSvg } from './lib/chart.mjs';
import { formatValue, machine, printTable, writeResults } from './lib/report.mjs';
import { FIGURES, runScale, SCALE_PROFILES, SCALE_SESSIONS } from './scale.mjs';
import * as adminLists from './scenarios/admin-lists.mjs';
import * as announcements from './scenarios/announcements.mjs';
import * as badges from './scenarios/badges.mjs';
import * as customQuestions from './scenarios/custom-questions.mjs';
import * as dashboard from './scenarios/dashboard.mjs';
import * as deadlineRush from './scenarios/deadline-rush.mjs';
import * as exportsScenario from './scenarios/exports.mjs';
import * as frontend from './scenarios/frontend.mjs';
import * as insights from './scenarios/insights.mjs';
import * as review from './scenarios/review.mjs';
import * as season from './scenarios/season.mjs';
import * as sponsors from './scenarios/sponsors.mjs';
import * as stations from './scenarios/stations.mjs';

/** In this order: the dashboard measures the reference every other ratio is expressed in. */
const SCENARIOS = {
  dashboard,
  'admin-lists': adminLists,
  // Reads the decisions as the seed made them (review below resets them); the RSVPs, check-ins and
  // reviews it adds for its panels are gone again when it ends.
  insights,
  exports: exportsScenario,
  // After exports (whose CSV has no custom columns): its questions and answers are gone when it ends.
  'custom-questions': customQuestions,
  'deadline-rush': deadlineRush,
  // After every scenario that reads statuses: it resets them all to submitted, then decides.
  review,
  announcements,
  // Rejects every hacker outside its 5,000 and turns promotion on and off again: after the others.
  season,
  // Confirms and checks in attendees for its scans, and puts them back as they were when it ends.
  stations,
  // Confirms 1,000 attendees for their badges' codes, and puts them back as they were.
  badges,
  // Puts every applicant with a resume in the resume book for its zip, and back as they were.
  sponsors,
  frontend,
};

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
const ADMIN = {
  email: 'bench-admin@example.org',
  password: `Bench-${crypto.randomBytes(9).toString('base64url')}`,
};

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench [-- --quick] [-- --only NAME,NAME] [-- --scale]\n\nSeeds its own data into a temporary data directory, starts the production server\n' +
      'and prints each figure beside its target. Writes bench/results.json (bench/results-quick.json with --quick).\n' +
      '--quick: a small dataset and short runs (about 2 minutes), for development.\n' +
      `--only: run only these scenarios (${[...Object.keys(SCENARIOS), 'restart'].join(', ')}); written to bench/results-partial.json.\n` +
      '--scale: only the scaling curve: the main figures at 5,000, 50,000 and 500,000 applications (about 11 minutes;\n' +
      '  with --quick 1,000 to 20,000); written to bench/results-scale.json and docs/images/scaling.svg.\n' +
      '--cpu-prof: the server writes V8 CPU profiles to bench/profiles/ (open them in Chrome DevTools).',
  );
  process.exit(0);
}
const only = args.only?.split(',').map((s) => s.trim());
const unknown = only?.filter((name) => !SCENARIOS[name] && name !== 'restart') ?? [];
if (unknown.length) {
  console.error(
    `Unknown scenario ${unknown.join(', ')}; the scenarios are ${[...Object.keys(SCENARIOS), 'restart'].join(', ')}.`,
  );
  process.exit(2);
}
const scaleProfile = args.scale ? SCALE_PROFILES[args.quick ? 'quick' : 'full'] : null;
const profile = scaleProfile
  ? {
      ...PROFILES.quick,
      ...scaleProfile,
      applications: scaleProfile.sizes[0],
      resumes: 0,
      checkin: scaleProfile.sizes[0] / 5,
      pollers: SCALE_SESSIONS,
    }
  : args.quick
    ? PROFILES.quick
    : PROFILES.full;
const submitterCount = deadlineRush.rushShape(profile).submitters;

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

async function main() {
  const startedAt = Date.now();
  buildIfNeeded();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-bench-'));
  // The embedded PostgreSQL runs as its own user when we are root: it must be able to enter the directory.
  fs.chmodSync(dataDir, 0o711);
  const rows = [];
  let scaled;
  // Each figure is shown as soon as it is measured, so a long run shows its progress.
  const record = (added) => {
    for (const r of added) console.log(`  ${r.label}: ${formatValue(r)} (target ${r.target})`);
    rows.push(...added);
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
      ...['--applications', String(profile.applications), '--resumes', String(profile.resumes)],
      ...['--resume-kb', String(profile.resumeKb), '--checkin', String(profile.checkin)],
      ...['--blank', String(submitterCount + 1), '--sessions', String(profile.pollers)],
      ...['--tokens-out', tokensFile, '--seed', 'bench'],
    ],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  );
  dataset.seed_seconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  console.log(`  seeded in ${dataset.seed_seconds} s`);
  const tokens = JSON.parse(fs.readFileSync(tokensFile, 'utf8'));
  const databaseUrl = `postgres://lanyard:${encodeURIComponent(
    fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim(),
  )}@127.0.0.1:${fs.readFileSync(path.join(dataDir, 'postgres.port'), 'utf8').trim()}/lanyard`;
  const db = new pg.Client({ connectionString: databaseUrl });
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
    const bench = createBench({
      profile,
      server,
      dataDir,
      db,
      databaseUrl,
      tokens,
      adminToken: (await adminLogin.json()).access_token,
      submitterCount,
    });
    if (scaleProfile) {
      const seedMore = (applications, checkin) =>
        runChild(
          [
            path.join(root, 'apps/server/dist/seed.js'),
            ...['--applications', String(applications), '--resumes', '0', '--checkin', String(checkin)],
            ...['--seed', `bench-${applications}`],
          ],
          { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        ).then(() => db.query('vacuum analyze'));
      scaled = await runScale(bench, { sizes: scaleProfile.sizes, seed: seedMore, step, record });
    }
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      if (scaleProfile || (only && !only.includes(name))) continue;
      step(typeof scenario.title === 'function' ? scenario.title(profile) : scenario.title);
      record(await scenario.run(bench));
    }
  } finally {
    await db.end();
  }

  if (!scaleProfile && (!only || only.includes('restart'))) {
    step('Restart: SIGTERM, then start again on the same data directory');
    const shutdownMs = await stopChild(server);
    server = await startServer({ dataDir, admin: ADMIN, nodeArgs: serverArgs });
    record([
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
    ]);
  }
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
  // A quick run never replaces the figures of a full one, nor does a partial run (kept apart, untracked).
  const out = path.join(
    root,
    scaleProfile
      ? `bench/results-scale${args.quick ? '-quick' : ''}.json`
      : only
        ? 'bench/results-partial.json'
        : args.quick
          ? 'bench/results-quick.json'
          : 'bench/results.json',
  );
  if (scaled) results.curve = scaled.points;
  await writeResults(out, results);
  if (scaled && !args.quick) {
    // Memory is left out: a few megabytes growing to a few more would look like a steep line.
    const chart = path.join(root, 'docs/images/scaling.svg');
    fs.writeFileSync(
      chart,
      scalingSvg(
        scaled.points,
        FIGURES.filter((f) => f.kind !== 'flat'),
      ),
    );
    console.log(`Wrote ${path.relative(root, chart)}.`);
  }
  console.log(`\nWrote ${path.relative(root, out)} (${results.duration_seconds} s in all).`);
  return rows.every((r) => r.pass !== false);
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
