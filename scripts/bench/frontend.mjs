// Front-end benchmark: Lighthouse 12 (Debian's Chromium, offline) on the landing page, the applicant
// dashboard and the hacker form of a running production server, the JavaScript each page loads
// (gzipped, as served), and whether any of it is admin or check-in code; and the size of the admin
// Insights tab's own chunks (charts and maps), which no applicant page may load.
//
//   node scripts/bench/frontend.mjs --base-url http://localhost:3000 \
//     [--dashboard-cookie 'lanyard_session=...'] [--hacker-form-cookie 'lanyard_session=...'] [--runs 3]
//
// The score compared with the target is Lighthouse's desktop preset (median of `runs`); the default
// mobile emulation (Slow 4G, 4x CPU slowdown) is run as well and reported in `detail.mobile`.
// The bench runner calls measureFrontend() with the cookies of seeded applicants.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, ensureChromium } from '../ensure-chromium.mjs';
import { root } from '../lib.mjs';
import {
  adminOnlyPackageChunks,
  readManifest,
  restrictedFiles,
  restrictedRequests,
} from './chunk-ownership.mjs';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const SCORE_TARGET = 0.95;
const LANDING_JS_TARGET_KB = 100;
const KB = 1024;
/** The Insights tab, which the admin page loads lazily, charts and maps included. */
const INSIGHTS_SOURCE = /(?:^|\/)src\/features\/admin\/components\/insights\//;
const ADMIN_PAGE_SOURCE = /(?:^|\/)src\/features\/admin\/components\/admin-page\.tsx$/;

/**
 * @typedef {{ id: string, label: string, value: number, unit: string, target: string,
 *   pass: boolean | null, ratio?: number | null, detail?: Record<string, unknown> }} Row
 */

const PAGES = [
  { key: 'landing', label: 'landing page', path: '/', cookie: null, role: null },
  { key: 'dashboard', label: 'dashboard', path: '/dashboard', cookie: 'dashboard', role: null },
  { key: 'hacker-form', label: 'hacker form', path: '/hacker-apply', cookie: 'hackerForm', role: 'hacker' },
];

/** GET over plain HTTP without decoding, so the body length is the bytes on the wire. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Why the page cannot be measured with this cookie, or null when it can. */
async function unreachableReason(baseUrl, page, cookie) {
  if (!page.cookie) return null;
  if (!cookie) return `no session cookie given for the ${page.label}`;
  const res = await rawGet(new URL('/api/auth/me', baseUrl).href, {
    Cookie: cookie,
    Accept: 'application/json',
  });
  if (res.status !== 200)
    return `the ${page.label} cookie is not a valid session (GET /api/auth/me: ${res.status})`;
  const { user } = JSON.parse(res.body.toString('utf8'));
  if (page.role && user?.role !== page.role) {
    return `the ${page.label} needs a ${page.role} session; the cookie is a ${user?.role ?? 'unknown'}'s`;
  }
  return null;
}

/** Bytes of a script on the wire for a client that accepts only `encoding` (gzip: what the 100 KB landing budget counts). */
async function servedBytes(url, cookie, encoding) {
  const res = await rawGet(url, { 'Accept-Encoding': encoding, ...(cookie ? { Cookie: cookie } : {}) });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  if (res.headers['content-encoding'] === encoding) return res.body.length;
  // Served uncompressed (a build without the .gz/.br siblings): count what compressing it would send.
  return encoding === 'br'
    ? zlib.brotliCompressSync(res.body).length
    : zlib.gzipSync(res.body, { level: 9 }).length;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One Lighthouse run; returns the score and the scripts the page requested. `desktop` is Lighthouse's
 * desktop preset (the scored figure); otherwise its default mobile emulation (Slow 4G, 4x CPU).
 */
async function runLighthouse(port, url, cookie, desktop) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => String(r.url));
  const external = requests.map((r) => String(r.url)).filter((u) => !isLocal(u));
  return {
    score: lhr.categories.performance.score ?? 0,
    finalUrl: lhr.finalDisplayedUrl,
    scripts,
    external,
    metrics: {
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      speedIndexMs: lhr.audits['speed-index']?.numericValue,
    },
  };
}

/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): try again. */
async function runLighthouseWithRetry(port, url, cookie, desktop, log, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(port, url, cookie, desktop);
    } catch (err) {
      if (attempt >= attempts) throw err;
      log(`frontend: ${err instanceof Error ? err.message : String(err)}; retrying`);
    }
  }
}

function isLocal(url) {
  if (!/^https?:/.test(url)) return true; // data:, blob:, chrome-extension: never leave the machine
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

/**
 * @param {{ baseUrl: string, cookies?: { dashboard?: string | null, hackerForm?: string | null },
 *   runs?: number, withMobile?: boolean, distDir?: string, log?: (line: string) => void }} options
 * @returns {Promise<Row[]>}
 */
export async function measureFrontend({
  baseUrl,
  cookies = {},
  runs = 3,
  withMobile = true,
  distDir = path.join(root, 'apps/web/dist'),
  log = (line) => console.error(line),
}) {
  if (!isLocal(baseUrl))
    throw new Error(`The front-end bench runs offline: ${baseUrl} is not on this machine.`);
  const manifest = readManifest(distDir);
  const restricted = restrictedFiles(manifest);
  /** @type {Row[]} */
  const rows = [];
  const allScripts = new Map(); // url -> pages that requested it
  const measured = [];

  // `npm test` installs only the headless shell now (decision 028), so the bench installs its own.
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    for (const page of PAGES) {
      const cookie = page.cookie ? (cookies[page.cookie] ?? null) : null;
      const url = new URL(page.path, baseUrl).href;
      const skipped = await unreachableReason(baseUrl, page, cookie);
      if (skipped) {
        log(`frontend: skipping the ${page.label} (${skipped})`);
        for (const [kind, unit, target] of [
          ['lighthouse', 'score', `>= ${SCORE_TARGET}`],
          ['initial-js', 'KB gz', page.key === 'landing' ? `<= ${LANDING_JS_TARGET_KB} KB` : 'reported'],
        ]) {
          rows.push({
            id: `frontend.${kind}.${page.key}`,
            label:
              kind === 'lighthouse' ? `Lighthouse performance, ${page.label}` : `Initial JS, ${page.label}`,
            value: Number.NaN,
            unit,
            target,
            pass: null,
            detail: { skipped },
          });
        }
        continue;
      }

      const results = [];
      const mobile = [];
      for (let i = 0; i < runs; i++) {
        log(`frontend: Lighthouse ${page.label} (${i + 1}/${runs})`);
        results.push(await runLighthouseWithRetry(chrome.port, url, cookie, true, log));
        if (withMobile) mobile.push(await runLighthouseWithRetry(chrome.port, url, cookie, false, log));
      }
      const landedOn = new URL(results[0].finalUrl).pathname;
      const external = [...new Set([...results, ...mobile].flatMap((r) => r.external))];
      if (external.length > 0)
        throw new Error(`The ${page.label} requested off-machine URLs: ${external.join(', ')}`);
      const scores = results.map((r) => r.score);
      const score = median(scores);
      const reached = landedOn === page.path;
      rows.push({
        id: `frontend.lighthouse.${page.key}`,
        label: `Lighthouse performance, ${page.label}`,
        value: score,
        unit: 'score',
        // Only the landing page has a score target; the others are reported beside it.
        target: page.key === 'landing' ? `>= ${SCORE_TARGET}` : 'reported',
        pass: reached && page.key === 'landing' ? score >= SCORE_TARGET : null,
        detail: {
          url,
          preset: 'desktop',
          runs: scores,
          ...(withMobile
            ? {
                mobile: {
                  score: median(mobile.map((r) => r.score)),
                  runs: mobile.map((r) => r.score),
                  ...medianMetrics(mobile),
                },
              }
            : {}),
          ...(reached ? {} : { note: `redirected to ${landedOn}: the ${page.label} was not measured` }),
          ...medianMetrics(results),
        },
      });

      // Every script any run requested: the page's initial JavaScript.
      const scripts = [...new Set([...results, ...mobile].flatMap((r) => r.scripts))].filter(
        (u) => isLocal(u) && u.startsWith('http'),
      );
      let bytes = 0;
      let brBytes = 0;
      const files = {};
      for (const script of scripts) {
        const size = await servedBytes(script, cookie, 'gzip');
        bytes += size;
        brBytes += await servedBytes(script, cookie, 'br');
        files[new URL(script).pathname] = size;
        if (!allScripts.has(script)) allScripts.set(script, new Set());
        allScripts.get(script).add(page.key);
      }
      const kb = Math.round((bytes / KB) * 10) / 10;
      const isLanding = page.key === 'landing';
      rows.push({
        id: `frontend.initial-js.${page.key}`,
        label: `Initial JS, ${page.label}`,
        value: kb,
        unit: 'KB gz',
        target: isLanding ? `<= ${LANDING_JS_TARGET_KB} KB` : 'reported',
        pass: isLanding ? kb <= LANDING_JS_TARGET_KB : null,
        ...(isLanding ? { ratio: Math.round((kb / LANDING_JS_TARGET_KB) * 100) / 100 } : {}),
        detail: { bytes, brotliBytes: brBytes, scripts: files },
      });
      measured.push(page.label);
    }
  } finally {
    await chrome.kill();
  }

  const hits = restrictedRequests(restricted, allScripts.keys());
  rows.push({
    id: 'frontend.applicant-pages-no-admin-chunks',
    label: 'Applicant pages load no admin or check-in chunk',
    value: hits.length,
    unit: 'chunks',
    target: '0',
    pass: measured.length > 0 ? hits.length === 0 : null,
    detail: {
      pagesChecked: measured,
      restrictedChunks: [...restricted.keys()],
      adminOnlyPackages: Object.fromEntries(
        [...adminOnlyPackageChunks(manifest, distDir)].map(([key, packages]) => [
          manifest[key].file,
          packages,
        ]),
      ),
      offending: hits.map((h) => ({ ...h, pages: [...(allScripts.get(h.url) ?? [])] })),
    },
  });
  rows.push(insightsRow(manifest, distDir, restricted, allScripts.keys(), measured));
  return rows;
}

/**
 * What opening the Insights tab downloads beyond the admin page: the chunks built from the tab's
 * sources and all they import, at once or later (a map), that the admin page has not loaded
 * already. Null when no chunk is built from the tab's sources.
 */
function insightsChunks(manifest, distDir, restricted) {
  const keys = (test) => Object.keys(manifest).filter((k) => manifest[k].src && test.test(manifest[k].src));
  const tab = keys(INSIGHTS_SOURCE);
  if (tab.length === 0) return null;
  // The chunks `from` brings in; none is followed through `stop` (what is loaded already).
  const reach = (from, lazy, stop = new Set()) => {
    const seen = new Set();
    const stack = [...from];
    while (stack.length) {
      const key = stack.pop();
      if (seen.has(key) || stop.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []), ...(lazy ? (manifest[key].dynamicImports ?? []) : []));
    }
    return seen;
  };
  const adminPage = keys(ADMIN_PAGE_SOURCE);
  const loaded = reach(
    adminPage.length ? adminPage : Object.keys(manifest).filter((k) => manifest[k].isEntry),
    false,
  );
  // A chunk of the tab that another of its chunks imports lazily (the map) comes after the rest.
  const lazyInside = new Set(tab.flatMap((key) => manifest[key].dynamicImports ?? []));
  const atOnce = reach(
    tab.filter((key) => !lazyInside.has(key)),
    false,
    loaded,
  );
  const packages = adminOnlyPackageChunks(manifest, distDir);
  return [...reach(tab, true, loaded)]
    .filter((key) => manifest[key].file.endsWith('.js'))
    .map((key) => {
      const file = path.join(distDir, manifest[key].file);
      return {
        file: manifest[key].file,
        raw_bytes: fs.statSync(file).size,
        // The sibling the server sends to a browser that accepts gzip, as the page rows count.
        gzip_bytes: fs.existsSync(`${file}.gz`)
          ? fs.statSync(`${file}.gz`).size
          : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length,
        lazy: !atOnce.has(key),
        restricted: restricted.has(manifest[key].file),
        packages: packages.get(key) ?? [],
      };
    });
}

/** @returns {Row} */
function insightsRow(manifest, distDir, restricted, applicantScripts, measured) {
  const base = {
    id: 'frontend.insights-chunks',
    label: 'Insights tab chunks (charts, maps), admin only',
    unit: 'KB gz',
    target: 'reported; none on applicant pages',
  };
  const chunks = insightsChunks(manifest, distDir, restricted);
  if (!chunks) {
    return {
      ...base,
      value: Number.NaN,
      pass: null,
      detail: {
        note: 'not found: no chunk in the manifest is built from src/features/admin/components/insights/',
      },
    };
  }
  const applicantFiles = new Set([...applicantScripts].map((u) => new URL(u).pathname.replace(/^\//, '')));
  // Admin code among them: a chunk the tab shares with applicant pages (a date helper) is not.
  const onApplicantPages = chunks
    .filter((c) => c.restricted && applicantFiles.has(c.file))
    .map((c) => c.file);
  const sum = (key) => chunks.reduce((n, c) => n + c[key], 0);
  return {
    ...base,
    value: Math.round((sum('gzip_bytes') / KB) * 10) / 10,
    pass: measured.length > 0 ? onApplicantPages.length === 0 : null,
    detail: {
      raw_kb: Math.round((sum('raw_bytes') / KB) * 10) / 10,
      charts: chunks.filter((c) => c.packages.includes('recharts')).map((c) => c.file),
      chunks,
      pagesChecked: measured,
      onApplicantPages,
    },
  };
}

function medianMetrics(results) {
  const out = {};
  for (const key of Object.keys(results[0].metrics)) {
    const values = results.map((r) => r.metrics[key]).filter((v) => typeof v === 'number');
    if (values.length) out[key] = Math.round(median(values) * 1000) / 1000;
  }
  return out;
}

function format(row) {
  const value = Number.isNaN(row.value) ? '-' : `${row.value} ${row.unit}`;
  const verdict = row.pass === null ? 'n/a' : row.pass ? 'PASS' : 'FAIL';
  const note = row.detail?.skipped ?? row.detail?.note ?? '';
  return `${verdict.padEnd(5)} ${row.label.padEnd(52)} ${value.padEnd(14)} target ${row.target}${note ? `  (${note})` : ''}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'dashboard-cookie': { type: 'string' },
      'hacker-form-cookie': { type: 'string' },
      runs: { type: 'string', default: '3' },
      'no-mobile': { type: 'boolean', default: false },
      'dist-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values['base-url']) {
    console.error(
      'usage: node scripts/bench/frontend.mjs --base-url http://localhost:PORT ' +
        "[--dashboard-cookie 'name=value'] [--hacker-form-cookie 'name=value'] [--runs N] [--no-mobile] [--dist-dir apps/web/dist] [--json]",
    );
    process.exit(2);
  }
  const rows = await measureFrontend({
    baseUrl: values['base-url'],
    cookies: {
      dashboard: values['dashboard-cookie'] ?? null,
      hackerForm: values['hacker-form-cookie'] ?? null,
    },
    runs: Math.max(1, Number(values.runs) || 1),
    withMobile: !values['no-mobile'],
    ...(values['dist-dir'] ? { distDir: path.resolve(values['dist-dir']) } : {}),
  });
  if (values.json) console.log(JSON.stringify(rows, null, 2));
  else for (const row of rows) console.log(format(row));
  process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
}
