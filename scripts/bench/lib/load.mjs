// autocannon, with every response's latency kept per kind of request, so any percentile can be read.
import autocannon from 'autocannon';

/** The p-th percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A distinct client address per simulated user, as a load balancer would pass it on. */
export function clientIp(group, i) {
  return `10.${group}.${(i >> 8) & 255}.${i & 255}`;
}

/**
 * Runs autocannon with `opts`. Requests set `context.kind` in their onResponse (or the `kind`
 * given here is used); answers autocannon's result plus latencies and status counts per kind.
 * `onStart(instance)` gets the running instance (to stop it early).
 */
export async function cannon(opts, { kind = 'request', onStart } = {}) {
  const latencies = {};
  const statuses = {};
  const instance = autocannon({ timeout: 30, ...opts });
  instance.on('response', (client, statusCode, _bytes, responseTime) => {
    const k = client.requestIterator?.context?.kind ?? kind;
    (latencies[k] ??= []).push(responseTime);
    const byStatus = (statuses[k] ??= {});
    byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
  });
  onStart?.(instance);
  const result = await instance;
  return { result, latencies, statuses };
}

/** How many responses of a kind had a status in [from, to). */
export function countStatus(statuses, from, to) {
  return Object.entries(statuses ?? {})
    .filter(([code]) => Number(code) >= from && Number(code) < to)
    .reduce((n, [, c]) => n + c, 0);
}
