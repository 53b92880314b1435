// An admin read measured as admin-lists measures lists (its p95 at ADMIN_CONNECTIONS), with an
// outline of what it answered: the Insights panels (scenarios/insights.mjs, custom-questions.mjs).
import http from 'node:http';
import { ADMIN_CONNECTIONS } from './measure.mjs';

/** A GET as a browser tab makes it (one admin, one address), timed from the call to the last byte. */
export function get(bench, agent, path, address) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      new URL(path, bench.server.baseUrl),
      { agent, headers: bench.adminHeaders(address) },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode,
            bytes: body.length,
            body: body.toString('utf8'),
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** The p95 of `path` as one row against `targetMs`, after one GET that must answer 200. */
export async function panelRow(bench, agent, { id, label, path, targetMs, address }) {
  const sample = await get(bench, agent, path, address);
  if (sample.status !== 200) throw new Error(`GET ${path} answered ${sample.status}: ${sample.body}`);
  const row = await bench.latencyRow({
    id,
    label,
    target: `< ${targetMs} ms`,
    limit: targetMs,
    connections: ADMIN_CONNECTIONS,
    headers: bench.adminHeaders,
    paths: [path],
  });
  // What the figure was measured on: a panel answering empty lists would be fast and mean nothing.
  row.detail.response_bytes = sample.bytes;
  row.detail.answer = summarise(JSON.parse(sample.body));
  return row;
}

/** Top-level numbers as they are, lists by their length: enough to see the panel had data. */
function summarise(body) {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? `${value.length} items`
        : value !== null && typeof value === 'object'
          ? 'object'
          : value,
    ]),
  );
}
