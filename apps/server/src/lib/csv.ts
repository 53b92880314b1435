import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// The one cell writer lives in the shared package: the browser's chart CSVs use it too.
import { CSV_BOM, csvRow } from '@lanyard/shared/csv';

export { csvCell, csvRow, CSV_BOM } from '@lanyard/shared/csv';

/** What a column may hold: a list is written as its items joined by "; ", a date as ISO 8601. */
export type CsvValue = string | number | boolean | Date | readonly unknown[] | null | undefined;

/**
 * One column of an export: its header and how a row gives its cell. Declaring the two together
 * means a column cannot drift from its header, as positional header and value arrays did.
 */
export interface CsvColumn<Row> {
  readonly header: string;
  readonly value: (row: Row) => CsvValue;
}

/**
 * A whole export, piece by piece: the BOM and the header line, then one piece per batch of rows,
 * so a page read from the database is sent before the next one is formatted.
 */
export async function* csvDocument<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  yield csvHeader(columns);
  for await (const batch of batches) {
    if (batch.length) yield csvLines(columns, batch);
  }
}

/** The BOM and the header line of `columns`. */
export function csvHeader(columns: readonly CsvColumn<never>[]): string {
  return CSV_BOM + csvRow(columns.map((c) => c.header));
}

/** The lines of `rows`, each ended by CRLF. */
export function csvLines<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return rows.map((row) => csvRow(columns.map((c) => c.value(row)))).join('');
}

export function exportFileName(prefix: string, now = new Date()): string {
  return `${prefix}_${now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[:T]/g, '-')}.csv`;
}

/**
 * Sends an export's CSV text, piece by piece, as a download named `fileName`.
 *
 * A failure after the first bytes resets the connection (TCP RST) rather than closing it: an
 * HTTP/1.0 body ends where the connection closes, so a plain close looks like a complete file,
 * and HTTP/1.0 is what nginx speaks to its upstream by default. A reset is an error to every
 * client and proxy, so the browser shows a failed download instead of a truncated one.
 */
export function sendCsvDownload(
  reply: FastifyReply,
  fileName: string,
  pieces: AsyncIterable<string>,
  { highWaterMark }: { highWaterMark?: number } = {},
) {
  const stream = Readable.from(pieces, highWaterMark === undefined ? {} : { highWaterMark });
  // Registered before Fastify's own handler, so both see the same headersSent: before the first
  // byte, Fastify answers with an error response instead.
  stream.once('error', (err) => {
    const raw = reply.raw;
    if (!raw.headersSent) return;
    reply.log.error({ err }, 'CSV export failed part-way; connection reset');
    if (raw.socket && !raw.socket.destroyed) raw.socket.resetAndDestroy();
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
