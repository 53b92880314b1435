// npm run bench -- --scale: the main figures at 5,000, 50,000 and 500,000 applications (500,000 is
// a platform hosting many events, or a decade of one), on one server whose database grows between
// the steps (each step seeds the difference), and the curve they draw. An indexed read should barely
// notice ten times the data; an export should take ten times as long in the same memory.
import http from 'node:http';
import { clientIp, percentile } from './lib/load.mjs';
import { ADMIN_CONNECTIONS, CHECKIN_CONNECTIONS, COOKIE } from './lib/measure.mjs';
import { get } from './lib/panels.mjs';
import { CHECKIN_SEARCHES, SEARCH_AND_FILTERS } from './scenarios/admin-lists.mjs';
import { csvExport } from './scenarios/exports.mjs';
import { PANELS } from './scenarios/insights.mjs';
import { reviewerTokens, reviewLoad } from './scenarios/review.mjs';

export const SCALE_PROFILES = {
  full: { sizes: [5000, 50_000, 500_000], seconds: 5, warmup: 2, tabLoads: 20 },
  quick: { sizes: [1000, 5000, 20_000], seconds: 2, warmup: 1, tabLoads: 5 },
};
/** Check-in records per application seeded: one event's attendees among a platform's applicants. */
const CHECKIN_SHARE = 0.2;
/** Applicants signed in for the dashboard read, from the first step. */
export const SCALE_SESSIONS = 200;
const DASHBOARD_CONNECTIONS = 8;

/**
 * The figures of the curve. `kind` says what it should do with ten times the data: `indexed` reads
 * stay within twice their time, `linear` work (an export, a panel counting the whole season) takes
 * at most about ten times as long, `flat` memory does not grow.
 */
export const FIGURES = [
  {
    id: 'admin-list',
    short: 'admin list',
    label: 'Admin list, search + 3 filters (p95)',
    unit: 'ms',
    kind: 'indexed',
  },
  {
    id: 'checkin-search',
    short: 'check-in search',
    label: 'Check-in search (p95)',
    unit: 'ms',
    kind: 'indexed',
  },
  {
    id: 'dashboard',
    short: 'dashboard read',
    label: 'Dashboard read, GET /api/applications/me (p95)',
    unit: 'ms',
    kind: 'indexed',
  },
  {
    id: 'review-next',
    short: 'review "next"',
    label: 'Review "next", 20 reviewers (p95)',
    unit: 'ms',
    kind: 'indexed',
  },
  {
    id: 'csv-time',
    short: 'CSV export time',
    label: 'CSV export of every application',
    unit: 's',
    kind: 'linear',
  },
  {
    id: 'csv-memory',
    short: 'CSV export memory',
    label: 'CSV export: server memory growth',
    unit: 'MB',
    kind: 'flat',
  },
  {
    id: 'insights-tab',
    short: 'insights tab',
    label: 'Insights tab, all panels at once (p95)',
    unit: 'ms',
    kind: 'linear',
  },
];

/**
 * Runs the steps: `seed(count, checkin)` adds applications (and check-in records) to the running
 * server's database and answers when they are analysed; `bench` is the benchmark's context, whose
 * profile.applications follows the size. Answers the rows of the curve, one per figure.
 */
export async function runScale(bench, { sizes, seed, step, record }) {
  const reviewers = await reviewerTokens(bench);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const points = [];
  let seeded = bench.profile.applications;
  try {
    for (const size of sizes) {
      if (size > seeded) {
        step(`Growing the database to ${size.toLocaleString('en-US')} applications`);
        const started = performance.now();
        await seed(size - seeded, Math.round((size - seeded) * CHECKIN_SHARE));
        console.log(`  seeded ${(size - seeded).toLocaleString('en-US')} in ${seconds(started)} s`);
        seeded = size;
      }
      bench.profile.applications = size;
      step(`Measuring at ${size.toLocaleString('en-US')} applications`);
      const point = { size, figures: await measureAt(bench, { reviewers, agent }) };
      for (const f of FIGURES) console.log(`  ${f.label}: ${round(point.figures[f.id].value)} ${f.unit}`);
      points.push(point);
    }
  } finally {
    agent.destroy();
  }
  const rows = curveRows(points);
  record(rows);
  printCurve(points);
  return { rows, points };
}

async function measureAt(bench, { reviewers, agent }) {
  const { profile } = bench;
  const figures = {};
  const latency = async (id, opts) => {
    const row = await bench.latencyRow({ id, label: id, target: '-', limit: Infinity, ...opts });
    if (!row.pass)
      throw new Error(`${id}: requests failed at ${profile.applications}: ${JSON.stringify(row.detail)}`);
    figures[id] = { value: row.value, detail: row.detail };
  };
  await latency('admin-list', {
    connections: ADMIN_CONNECTIONS,
    headers: bench.adminHeaders,
    paths: SEARCH_AND_FILTERS,
  });
  await latency('checkin-search', {
    connections: CHECKIN_CONNECTIONS,
    headers: bench.adminHeaders,
    paths: CHECKIN_SEARCHES,
  });
  const sessions = bench.tokens.applicants;
  await latency('dashboard', {
    connections: DASHBOARD_CONNECTIONS,
    headers: (i) => ({
      cookie: `${COOKIE}=${sessions[i % sessions.length].token}`,
      'x-forwarded-for': clientIp(1, i % sessions.length),
    }),
    paths: ['/api/applications/me'],
  });
  const [next] = await reviewLoad(bench, reviewers);
  if (!next.pass && next.detail.failed + next.detail.next_without_application > 0)
    throw new Error(`review next failed at ${profile.applications}: ${JSON.stringify(next.detail)}`);
  figures['review-next'] = { value: next.value, detail: next.detail };
  const [time, memory] = await csvExport(bench);
  if (time.detail.lines !== profile.applications + 1)
    throw new Error(`the CSV had ${time.detail.lines} lines for ${profile.applications} applications`);
  figures['csv-time'] = { value: time.value, detail: time.detail };
  figures['csv-memory'] = { value: memory.value, detail: memory.detail };
  figures['insights-tab'] = await insightsTab(bench, agent);
  return figures;
}

/** The Insights tab opened again and again: until its last panel answers, and each panel's share. */
async function insightsTab(bench, agent) {
  const load = async () => {
    const started = performance.now();
    const answers = await Promise.all(PANELS.map((p) => get(bench, agent, `/api/admin/insights/${p}`, 100)));
    const failed = answers.filter((a) => a.status !== 200);
    if (failed.length) throw new Error(`an insights panel answered ${failed[0].status}: ${failed[0].body}`);
    return { ms: performance.now() - started, panels: answers.map((a) => a.ms) };
  };
  await load();
  const loads = [];
  for (let i = 0; i < bench.profile.tabLoads; i++) loads.push(await load());
  return {
    value: percentile(
      loads.map((l) => l.ms),
      95,
    ),
    detail: {
      loads: loads.length,
      panel_p95_ms: Object.fromEntries(
        PANELS.map((p, i) => [
          p,
          round(
            percentile(
              loads.map((l) => l.panels[i]),
              95,
            ),
          ),
        ]),
      ),
    },
  };
}

/**
 * One row per figure: from the middle size to the largest (50,000 to 500,000), how much it grew,
 * against what its kind allows. Ten times the data: an indexed read at most 2x (or 1 ms more), linear work at most
 * 12x (ten, and a margin for noise), memory at most 1.5x plus 10 MB.
 */
export function curveRows(points) {
  const [mid, last] = points.slice(-2);
  const times = last.size / mid.size;
  return FIGURES.map((f) => {
    const a = mid.figures[f.id].value;
    const b = last.figures[f.id].value;
    const growth = b / a;
    const allowed =
      f.kind === 'indexed'
        ? // A read of a millisecond or two doubles with the machine's noise alone: 1 ms of slack.
          { text: '<= 2x (or +1 ms)', pass: growth <= 2 || b - a <= 1 }
        : f.kind === 'linear'
          ? { text: `<= ${times * 1.2}x (linear)`, pass: growth <= times * 1.2 }
          : { text: 'flat (<= 1.5x + 10 MB)', pass: b <= a * 1.5 + 10 };
    return {
      id: `scale-${f.id}`,
      label: `${f.label}: ${mid.size.toLocaleString('en-US')} -> ${last.size.toLocaleString('en-US')}`,
      value: growth,
      unit: 'x',
      target: allowed.text,
      pass: allowed.pass,
      ratio: null,
      detail: {
        kind: f.kind,
        unit: f.unit,
        by_size: Object.fromEntries(points.map((p) => [p.size, round(p.figures[f.id].value)])),
        at_largest: last.figures[f.id].detail,
      },
    };
  });
}

/** The curve as a table: each figure at each size. */
export function printCurve(points, log = console.log) {
  const head = ['Figure', ...points.map((p) => p.size.toLocaleString('en-US'))];
  const cells = FIGURES.map((f) => [
    `${f.label} (${f.unit})`,
    ...points.map((p) => String(round(p.figures[f.id].value))),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((v, i) => (i ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
  log('');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) log(line(c));
}

const round = (n) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
const seconds = (started) => Math.round((performance.now() - started) / 100) / 10;
