// The result rows (a contract shared with scripts/bench/frontend.mjs), the table and results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * @typedef {{ id: string, label: string, value: number, unit: string, target: string,
 *   pass: boolean | null, ratio?: number | null, detail?: Record<string, unknown> }} ResultRow
 */

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    loadavg: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

export function formatValue(row) {
  if (!Number.isFinite(row.value)) return `n/a ${row.unit}`.trim();
  const v = row.value;
  const digits = Math.abs(v) >= 100 || Number.isInteger(v) ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  const text = v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return row.unit ? `${text} ${row.unit}` : text;
}

function formatRatio(ratio) {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '';
  return ratio >= 100
    ? `${Math.round(ratio)}x`
    : ratio >= 1
      ? `${ratio.toFixed(1)}x`
      : `${ratio.toFixed(3)}x`;
}

export function printTable(rows, log = console.log) {
  const cells = rows.map((r) => [
    r.label,
    formatValue(r),
    r.target,
    r.pass === null ? '-' : r.pass ? 'PASS' : 'FAIL',
    formatRatio(r.ratio),
  ]);
  const head = ['What', 'Value', 'Target', 'Pass', 'vs reference'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    c.map((v, i) => (i === 1 || i === 4 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) log(line(c));
}

/** Writes results.json, formatted as the repository's prettier would, so `npm run lint` stays clean. */
export async function writeResults(file, results) {
  let text = JSON.stringify(results, null, 2) + '\n';
  try {
    const prettier = await import('prettier');
    text = await prettier.format(text, { parser: 'json', ...(await prettier.resolveConfig(file)) });
  } catch {
    /* prettier is a dev dependency; plain JSON is fine without it */
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
