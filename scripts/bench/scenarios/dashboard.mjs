// The applicant dashboard read (GET /api/applications/me) beside a bare Fastify route, the
// benchmark's physical reference; measured first, since every other ratio is in its units. Both
// under wrk (lib/wrk.mjs), which saturates the bare route where autocannon in this process did not.
import path from 'node:path';
import { root } from '../../lib.mjs';
import { clientIp } from '../lib/load.mjs';
import { COOKIE, CONNECTIONS } from '../lib/measure.mjs';
import { cpuMs, postgresCpuMs } from '../lib/memory.mjs';
import { freePort, startChild, stopChild, waitReady } from '../lib/proc.mjs';
import { wrk } from '../lib/wrk.mjs';

export const title = `Throughput: bare Fastify route vs GET /api/applications/me, ${CONNECTIONS} connections (wrk)`;

/** Sessions read in turn in the second dashboard run: many applicants, not one per connection. */
const MANY_SESSIONS = 200;

/** A warm-up, then a measured wrk run, with the CPU per request of `pid` (and PostgreSQL). */
async function measured(bench, url, pathName, headerSets, pid, withPostgres) {
  const { profile } = bench;
  const opts = { url, pathName, headerSets, connections: CONNECTIONS };
  await wrk({ ...opts, seconds: profile.warmup });
  const pgPid = withPostgres ? bench.postmasterPid() : 0;
  const before = [cpuMs(pid), pgPid ? postgresCpuMs(pgPid) : 0];
  const run = await wrk({ ...opts, seconds: profile.seconds });
  const n = Math.max(1, run.requests);
  run.cpu = {
    server: Math.round(((cpuMs(pid) - before[0]) / n) * 1000) / 1000,
    postgres: pgPid ? Math.round(((postgresCpuMs(pgPid) - before[1]) / n) * 1000) / 1000 : 0,
  };
  // wrk's threads each take a core when the server is fast: then wrk, not the server, was the limit.
  if (run.generatorCpu >= 0.9 * run.threads)
    console.log(
      `  warning: wrk used ${run.generatorCpu} cores of its ${run.threads} on ${pathName}: the generator may be the bottleneck`,
    );
  return run;
}

const applicantHeaders = (bench, count, group) =>
  bench.tokens.applicants.slice(0, count).map((a, i) => ({
    cookie: `${COOKIE}=${a.token}`,
    'x-forwarded-for': clientIp(group, i),
  }));

export async function run(bench) {
  const { profile, server } = bench;
  const refPort = await freePort();
  const reference = startChild([path.join(root, 'scripts/bench/reference.mjs')], { PORT: String(refPort) });
  let refBefore, me, many, ref;
  try {
    await waitReady(`http://127.0.0.1:${refPort}/api/readyz`, reference, 30_000);
    const refUrl = `http://127.0.0.1:${refPort}`;
    // Reference before and after, so a burst of load from elsewhere on the machine shows as a spread.
    refBefore = await measured(bench, refUrl, '/', [{}], reference.pid, false);
    const one = applicantHeaders(bench, CONNECTIONS, 1);
    me = await measured(bench, server.baseUrl, '/api/applications/me', one, server.pid, true);
    const lots = applicantHeaders(bench, MANY_SESSIONS, 2);
    many = await measured(bench, server.baseUrl, '/api/applications/me', lots, server.pid, true);
    ref = await measured(bench, refUrl, '/', [{}], reference.pid, false);
  } finally {
    await stopChild(reference);
  }
  const refRps = (refBefore.rps + ref.rps) / 2;
  // A latency's ratio is in units of the reference's time per request at full load.
  bench.refMsPerRequest = 1000 / refRps;
  const clean = (r) => r.errors === 0 && r.non2xx === 0;
  const generator = (r) => ({ generator_cores: r.generatorCpu, generator_threads: r.threads });
  return [
    {
      id: 'reference-rps',
      label: 'Reference: bare Fastify route (wrk)',
      value: Math.round(refRps),
      unit: 'req/s',
      target: 'physical reference',
      pass: null,
      ratio: 1,
      detail: {
        connections: CONNECTIONS,
        seconds: profile.seconds,
        runs_req_per_s: [refBefore, ref].map((r) => Math.round(r.rps)),
        cpu_ms_per_request: (refBefore.cpu.server + ref.cpu.server) / 2,
        p99_ms: ref.p99,
        ms_per_request: Math.round(bench.refMsPerRequest * 1000) / 1000,
        ...generator(ref),
      },
    },
    {
      id: 'dashboard-rps',
      label: `GET /api/applications/me, ${CONNECTIONS} conn.`,
      value: Math.round(me.rps),
      unit: 'req/s',
      target: '>= 30% of reference',
      pass: clean(me) && me.rps >= 0.3 * refRps,
      ratio: me.rps / refRps,
      detail: {
        cpu_ms_per_request: me.cpu,
        // What the throughput ratio would be on an idle machine, if CPU were the only limit.
        cpu_ratio:
          Math.round(
            ((refBefore.cpu.server + ref.cpu.server) / 2 / (me.cpu.server + me.cpu.postgres)) * 1000,
          ) / 1000,
        errors: me.errors,
        non2xx: me.non2xx,
        ...generator(me),
      },
    },
    {
      id: 'dashboard-p99',
      label: `GET /api/applications/me p99, ${CONNECTIONS} conn.`,
      value: me.p99,
      unit: 'ms',
      target: '< 50 ms',
      pass: clean(me) && me.p99 < 50,
      ratio: bench.ratio(me.p99),
      detail: { p50_ms: me.p50, p95_ms: me.p95, max_ms: me.max },
    },
    {
      id: 'dashboard-p99-many',
      label: `GET /api/applications/me p99, ${MANY_SESSIONS} sessions in turn`,
      value: many.p99,
      unit: 'ms',
      target: '< 50 ms',
      pass: clean(many) && many.p99 < 50,
      ratio: bench.ratio(many.p99),
      detail: {
        req_per_s: Math.round(many.rps),
        p50_ms: many.p50,
        p95_ms: many.p95,
        cpu_ms_per_request: many.cpu,
        errors: many.errors,
        non2xx: many.non2xx,
        ...generator(many),
      },
    },
  ];
}
