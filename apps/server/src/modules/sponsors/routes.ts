import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@lanyard/shared/common';
import {
  bookFiltersSchema,
  bookProfileSchema,
  bookQuerySchema,
  bookResponseSchema,
  resumeLinkSchema,
  SPONSOR_WINDOW_CLOSED,
  sponsorMeSchema,
  sponsorZipBodySchema,
  starResponseSchema,
} from '@lanyard/shared/sponsors';
import { errors } from '../../errors';
import { audit, auditMany } from '../../lib/audit';
import { readOrMissing } from '../../lib/read-or-missing';
import { signSponsorResumeLink, verifySponsorResumeLink } from '../../lib/signed-links';
import { sponsorWindowOpen } from '../../policies/sponsors';
import { resumeZip } from '../exports/resume-zip';
import { SPONSOR_ACTIONS } from './audit-actions';
import * as service from './service';

const sponsor = { access: 'sponsor' as const };
const application = (id: string) => ({ targetType: 'application', targetId: id });

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in sponsor's company and window, set by the window check on sponsor routes. */
    sponsor?: { company: string; accessFrom: Date; accessUntil: Date };
  }
}

/** /api/sponsor: the resume book. Sponsors only, inside their access window, every read audited. */
export const sponsorRoutes: FastifyPluginAsyncZod = async (app) => {
  const eventStart = app.config.event.startDate;
  const secret = app.config.sessionSecret;

  // After the auth plugin's role check: a sponsor outside its window (or without one) gets nothing.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.access !== 'sponsor' || !request.user) return;
    const found = await service.findSponsor(app.db, request.user.id);
    if (!sponsorWindowOpen(found, new Date()))
      throw errors.forbidden('Your access to the resume book is not open now.', SPONSOR_WINDOW_CLOSED);
    request.sponsor = found;
  });

  app.get(
    '/me',
    {
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: 'Get my sponsor company and access window',
        response: { 200: sponsorMeSchema },
      },
    },
    async (request) => ({
      company: request.sponsor!.company,
      access_from: request.sponsor!.accessFrom.toISOString(),
      access_until: request.sponsor!.accessUntil.toISOString(),
    }),
  );

  app.get(
    '/book',
    {
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: 'Browse the resume book, with search and filters',
        querystring: bookQuerySchema,
        response: { 200: bookResponseSchema },
      },
    },
    async (request) => {
      const page = await service.listBook(app.db, eventStart, request.user!.id, request.query);
      await audit(app.db, request.actor, {
        action: SPONSOR_ACTIONS.list,
        targetType: 'resume_book',
        after: { ...request.query, shown: page.entries.map((e) => e.id) },
      });
      return page;
    },
  );

  app.get(
    '/book/filters',
    {
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: "Get the choices the resume book's filters offer",
        response: { 200: bookFiltersSchema },
      },
    },
    async () => service.bookFilters(app.db, eventStart),
  );

  // A profile opened is a resume viewed: its preview link is issued with it.
  app.get(
    '/book/:id',
    {
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: 'Open a profile in the resume book (counts as a resume viewed)',
        params: idParamsSchema,
        response: { 200: bookProfileSchema },
      },
    },
    async (request) => {
      const entry = await service.bookEntry(app.db, eventStart, request.user!.id, request.params.id);
      await audit(app.db, request.actor, { action: SPONSOR_ACTIONS.view, ...application(entry.id) });
      const link = entry.has_resume ? signSponsorResumeLink(secret, entry.id, 'inline') : null;
      return { entry, preview: link && { url: link.url, expires_at: link.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/book/:id/download',
    {
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: "Get a short-lived link to download a profile's resume",
        params: idParamsSchema,
        response: { 200: resumeLinkSchema },
      },
    },
    async (request) => {
      const entry = await service.bookEntry(app.db, eventStart, request.user!.id, request.params.id);
      if (!entry.has_resume) throw errors.notFound('This person has no resume.', 'no_resume');
      await audit(app.db, request.actor, { action: SPONSOR_ACTIONS.download, ...application(entry.id) });
      const link = signSponsorResumeLink(secret, entry.id, 'attachment');
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );

  for (const [method, starred] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/stars/:id',
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: starred ? 'Star a profile in the resume book' : 'Remove my star from a profile',
        params: idParamsSchema,
        response: { 200: starResponseSchema },
      },
      handler: async (request) =>
        service.setStar(app.db, eventStart, request.user!.id, request.params.id, starred),
    });
  }

  app.post(
    '/book/zip',
    {
      config: sponsor,
      schema: {
        tags: ['Sponsors: resume book'],
        summary: 'Download the resumes of chosen profiles as a zip',
        body: sponsorZipBodySchema,
      },
    },
    async (request, reply) => {
      const rows = await service.zipResumes(app.db, eventStart, request.user!.id, request.body);
      await auditMany(
        app.db,
        request.actor,
        rows.map((r) => ({ action: SPONSOR_ACTIONS.download, ...application(r.id), after: { zip: true } })),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="resume-book.zip"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(resumeZip(app.storage, rows));
    },
  );

  // The signed link itself (no session: it opens in a new tab or downloads). Audited when issued;
  // the book's rule is checked again here, so a withdrawal stops even a link already handed out.
  app.get(
    '/resumes/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Sponsors: resume book'],
        summary: 'Open a resume with a signed link (no sign-in needed)',
        params: idParamsSchema,
        querystring: z
          .object({
            d: z.enum(['inline', 'attachment']),
            expires: z.coerce.number().int(),
            signature: z.string().max(100),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { d, expires, signature } = request.query;
      if (!verifySponsorResumeLink(secret, id, d, expires, signature))
        throw errors.forbidden('This resume link has expired. Please open the resume again.', 'link_expired');
      const row = await service.bookResume(app.db, eventStart, id);
      if (!row) throw errors.notFound('This person is not in the resume book.', 'not_in_book');
      const name = `resume-${id.slice(0, 8)}${row.key.slice(row.key.lastIndexOf('.'))}`;
      // Only a PDF is shown in the browser; anything else (a Word file) always downloads.
      const disposition = row.contentType === 'application/pdf' ? d : 'attachment';
      return reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', `${disposition}; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(readOrMissing(app.storage.read(row.key)));
    },
  );
};
