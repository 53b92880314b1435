import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

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
