import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BADGES_UNPRINTABLE_HEADER, badgesRequestSchema } from '@lanyard/shared/badges';
import { perUser } from '../../plugins/rate-limits';
import { passDocument } from './pass';
import { badgePdf, passFor, startBadges } from './service';

/**
 * Sends a PDF as a download. As for CSV exports (lib/csv.ts), a failure after the first bytes
 * resets the connection, so a client sees a failed download rather than a truncated file.
 */
function sendPdf(reply: FastifyReply, fileName: string, pdf: Readable) {
  pdf.once('error', (err) => {
    const raw = reply.raw;
    if (!raw.headersSent) return;
    reply.log.error({ err }, 'PDF failed part-way; connection reset');
    if (raw.socket && !raw.socket.destroyed) raw.socket.resetAndDestroy();
  });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** POST /api/checkin/badges.pdf: name badges for the check-in list, admins only. */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/badges.pdf',
    {
      config: { access: 'admin', rateLimit: { limits: [perUser('badges', 30, 600)] } },
      schema: {
        tags: ['Check-in'],
        summary: 'Download printable name badges (PDF) for the check-in list',
        body: badgesRequestSchema,
      },
    },
    async (request, reply) => {
      const job = await startBadges(app.db, request.actor, request.body, app.config.event);
      const pages = badgePdf(app.db, job, app.config.event, app.config.sessionSecret);
      reply.header(BADGES_UNPRINTABLE_HEADER, String(job.unprintable));
      // Each piece is a page or so: the stream holds two, so drawing waits on a slow client.
      return sendPdf(reply, `badges-${job.layout}.pdf`, Readable.from(pages, { highWaterMark: 2 }));
    },
  );
};

/** GET /api/applications/me/pass.pdf: the printable pass of an applicant with a door code. */
export const passRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/pass.pdf',
    {
      schema: { tags: ['Check-in'], summary: 'Download my printable event pass (PDF) with my door QR code' },
      config: { access: 'applicant' },
    },
    async (request, reply) => {
      const pass = await passFor(app.db, request.user!.id, app.config.event, app.config.sessionSecret);
      return sendPdf(reply, 'pass.pdf', passDocument(pass));
    },
  );
};
