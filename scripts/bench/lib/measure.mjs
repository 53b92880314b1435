// What every scenario measures with: CPU time of the server and of PostgreSQL beside the load, and
// the load itself (autocannon) with the benchmark's connection counts and durations.
import fs from 'node:fs';
import path from 'node:path';
import { cannon, clientIp, percentile } from './load.mjs';
import { cpuMs, postgresCpuMs } from './memory.mjs';

export const COOKIE = 'lanyard_session';
export const CONNECTIONS = 50;
// Organisers reviewing, volunteers at the doors: a few people at once, each waiting for the answer.
export const ADMIN_CONNECTIONS = 4;
export const CHECKIN_CONNECTIONS = 4;

export const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * The context every scenario gets: the running server, the seeded data, a PostgreSQL client, and
 * the helpers below bound to them. `refMsPerRequest` is set by the dashboard scenario (the bare
 * route's time per request at full load); ratios are null until it is known.
 */
export function createBench({
  profile,
  server,
  dataDir,
  db,
  databaseUrl,
  tokens,
  adminToken,
  submitterCount,
}) {
  const bench = { profile, server, dataDir, db, databaseUrl, tokens, submitterCount, refMsPerRequest: null };

  bench.adminHeaders = (i) => ({ authorization: `Bearer ${adminToken}`, 'x-forwarded-for': clientIp(3, i) });

  /** One applicant per connection, each with their own session and address. */
  bench.perConnectionUser = (pathName, group) => {
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
  bench.postmasterPid = () =>
    Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  bench.cpuNow = () => [cpuMs(bench.server.pid), postgresCpuMs(bench.postmasterPid())];
  bench.cpuSince = ([server0, pg0]) => ({
    server: Math.round(cpuMs(bench.server.pid) - server0) / 1000,
    // A backend that ended meanwhile takes its CPU time with it: then this is a lower bound.
    postgres: Math.max(0, Math.round(postgresCpuMs(bench.postmasterPid()) - pg0) / 1000),
  });
  bench.withCpu = async (pid, withPostgres, run) => {
    const pgPid = withPostgres ? bench.postmasterPid() : 0;
    const before = [cpuMs(pid), pgPid ? postgresCpuMs(pgPid) : 0];
    const started = performance.now();
    const generatorBefore = process.cpuUsage();
    const out = await run();
    // autocannon runs in this process, on one core: near a whole core, it may be what limits the run.
    const generatorUsed = process.cpuUsage(generatorBefore);
    const generatorCores = (generatorUsed.user + generatorUsed.system) / 1000 / (performance.now() - started);
    if (generatorCores >= 0.9)
      console.log(
        `  warning: the load generator used ${generatorCores.toFixed(2)} of its one core: it may be the bottleneck`,
      );
    // Every response, whatever its kind (a scenario may time several kinds of request).
    const n = Math.max(
      1,
      Object.values(out.latencies).reduce((sum, l) => sum + l.length, 0),
    );
    out.cpu = {
      server: Math.round(((cpuMs(pid) - before[0]) / n) * 1000) / 1000,
      postgres: pgPid ? Math.round(((postgresCpuMs(pgPid) - before[1]) / n) * 1000) / 1000 : 0,
      generator_cores: Math.round(generatorCores * 100) / 100,
    };
    return out;
  };
  /** A warm-up, then the measured run, at CONNECTIONS connections. */
  bench.throughput = async (url, request, pid, withPostgres) => {
    const opts = { url, connections: CONNECTIONS, requests: [request] };
    await cannon({ ...opts, duration: profile.warmup });
    return bench.withCpu(pid, withPostgres, () => cannon({ ...opts, duration: profile.seconds }));
  };
  bench.ratio = (ms) => (bench.refMsPerRequest ? ms / bench.refMsPerRequest : null);

  /**
   * The p95 (or the `stat` percentile) of GETs over `paths` in turn, as one row against `limit` ms.
   * Each path's own p95 is kept in the detail, so a slow query shows by name.
   */
  bench.latencyRow = async ({ id, label, target, limit, paths, connections, headers, stat = 95 }) => {
    let next = 0;
    const request = {
      method: 'GET',
      setupRequest(req, ctx) {
        ctx.n ??= next;
        const path = paths[next++ % paths.length];
        ctx.kind = path;
        return { ...req, path, headers: headers(ctx.n) };
      },
    };
    const opts = { url: bench.server.baseUrl, connections, requests: [request] };
    await cannon({ ...opts, duration: profile.warmup });
    const run = await bench.withCpu(bench.server.pid, true, () =>
      cannon({ ...opts, duration: profile.seconds }),
    );
    const all = Object.values(run.latencies).flat();
    const value = percentile(all, stat);
    const clean = run.result.errors === 0 && run.result.non2xx === 0 && run.result.timeouts === 0;
    const slowest = Object.entries(run.latencies)
      .map(([path, l]) => [path, percentile(l, 95)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    return {
      id,
      label,
      value,
      unit: 'ms',
      target,
      pass: clean && value < limit,
      ratio: bench.ratio(value),
      detail: {
        connections,
        requests: all.length,
        p50_ms: percentile(all, 50),
        p95_ms: percentile(all, 95),
        p99_ms: percentile(all, 99),
        slowest_p95_ms: Object.fromEntries(slowest),
        req_per_s: Math.round(run.result.requests.average),
        non2xx: run.result.non2xx,
        errors: run.result.errors,
        queries: paths.length,
        cpu_ms_per_request: run.cpu,
      },
    };
  };
  return bench;
}
