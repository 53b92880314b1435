// wrk (Debian's package), the load generator for throughput: autocannon in the benchmark's own
// process saturates one core before a bare Fastify route does (about 37,000 req/s against wrk's
// 61,000 on the reference machine), so a ratio to it measured the generator, not the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from '../../ensure-debian-package.mjs';

export const WRK = '/usr/bin/wrk';

/** Installs wrk with apt when it is missing and we are root (as the tests install nginx); else says how. */
export function ensureWrk() {
  return ensureDebianPackage('wrk', WRK, "the benchmark's load generator");
}

const luaString = (s) => `"${String(s).replace(/["\\]/g, '\\$&').replace(/\n/g, '\\n')}"`;

/**
 * A Lua script for wrk: GETs of `pathName`, each request with the next header set of `headerSets`
 * in turn (one applicant after another), and a JSON summary with the percentiles at the end.
 */
function script(pathName, headerSets) {
  const sets = headerSets
    .map(
      (h) =>
        `{${Object.entries(h)
          .map(([k, v]) => `[${luaString(k)}]=${luaString(v)}`)
          .join(',')}}`,
    )
    .join(',\n');
  return `
local sets = {${sets}}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", ${luaString(pathName)}, sets[(n % #sets) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`;
}

/**
 * Runs wrk against `url + pathName` for `seconds` with `connections` over `threads` threads.
 * Answers requests per second, latency percentiles (ms), errors, and the generator's own CPU
 * (seconds of CPU per second of run: a value near `threads` means wrk, not the server, was the limit).
 */
export async function wrk({ url, pathName = '/', headerSets = [{}], connections, threads = 2, seconds }) {
  ensureWrk();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-wrk-'));
  const lua = path.join(dir, 'bench.lua');
  fs.writeFileSync(lua, script(pathName, headerSets));
  // `times` reports the CPU of the shell's finished children: wrk's own, from the kernel.
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '30s'];
  const child = spawn('sh', ['-c', `"${WRK}" "$@"; times`, 'sh', ...args, '-s', lua, url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${out.slice(-500)}`);
  const r = JSON.parse(line.slice('WRK_JSON '.length));
  const seconds_ = r.duration_us / 1e6;
  const times = out
    .trim()
    .split('\n')
    .at(-1)
    .match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  const cpuSeconds = times
    ? Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4])
    : NaN;
  const ms = (us) => Math.round(us / 10) / 100;
  return {
    rps: r.requests / seconds_,
    requests: r.requests,
    p50: ms(r.p50_us),
    p95: ms(r.p95_us),
    p99: ms(r.p99_us),
    max: ms(r.max_us),
    errors: r.connect + r.read + r.write + r.timeout,
    non2xx: r.status,
    generatorCpu: Math.round((cpuSeconds / seconds_) * 100) / 100,
    threads,
  };
}
