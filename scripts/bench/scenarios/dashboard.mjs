// The applicant dashboard read (GET /api/applications/me) beside a bare Fastify route, the
// benchmark's physical reference; measured first, since every other ratio is in its units.
import path from 'node:path';
import { root } from '../../lib.mjs';
import { percentile } from '../lib/load.mjs';
import { CONNECTIONS } from '../lib/measure.mjs';
import { freePort, startChild, stopChild, waitReady } from '../lib/proc.mjs';

export const title = `Throughput: bare Fastify route vs GET /api/applications/me, ${CONNECTIONS} connections`;

export async function run(bench) {
  const { profile, server } = bench;
  const refPort = await freePort();
  const reference = startChild([path.join(root, 'scripts/bench/reference.mjs')], { PORT: String(refPort) });
  let refBefore, me, ref;
  try {
    await waitReady(`http://127.0.0.1:${refPort}/api/readyz`, reference, 30_000);
    const refUrl = `http://127.0.0.1:${refPort}`;
    // Reference before and after, so a burst of load from elsewhere on the machine shows as a spread.
    refBefore = await bench.throughput(refUrl, bench.perConnectionUser('/', 4), reference.pid);
    me = await bench.throughput(
      server.baseUrl,
      bench.perConnectionUser('/api/applications/me', 1),
      server.pid,
      true,
    );
    ref = await bench.throughput(refUrl, bench.perConnectionUser('/', 4), reference.pid);
  } finally {
    await stopChild(reference);
  }
  const refRps = (refBefore.result.requests.average + ref.result.requests.average) / 2;
  // A latency's ratio is in units of the reference's time per request at full load.
  bench.refMsPerRequest = 1000 / refRps;
  const meRps = me.result.requests.average;
  const meP99 = percentile(me.latencies.request, 99);
  const meClean = me.result.errors === 0 && me.result.non2xx === 0 && me.result.timeouts === 0;
  return [
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
        ms_per_request: Math.round(bench.refMsPerRequest * 1000) / 1000,
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
      ratio: bench.ratio(meP99),
      detail: {
        p50_ms: percentile(me.latencies.request, 50),
        p95_ms: percentile(me.latencies.request, 95),
      },
    },
  ];
}
