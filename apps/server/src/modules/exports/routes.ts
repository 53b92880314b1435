import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { adminUsersQuerySchema, applicationFiltersSchema, bulkTargetBodySchema } from '@lanyard/shared/admin';
import { applications, uploads } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit } from '../../lib/audit';
import { exportFileName, sendCsvDownload } from '../../lib/csv';
import { applicationFilters } from '../admin-applications/filters';
import { bulkTargetOf, checkCount, targetWhere, type BulkTarget } from '../admin-applications/targets';
import { userFilters } from '../admin-users/service';
import { applicationsCsv, usersCsv } from './service';

const admin = { access: 'admin' as const };
const usersExportQuery = adminUsersQuerySchema.omit({ page: true, limit: true });

/** A filesystem-safe piece of a zip entry name. */
function namePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'applicant'
  );
}

/** What an export's audit row says it exported: the ids (how many) or the filter and its count. */
function targetAudit(target: BulkTarget): Record<string, unknown> {
  if ('ids' in target) return { application_ids: [...new Set(target.ids)] };
  return { filter: target.filter, count: target.expectedCount };
}

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendApplicationsCsv = (reply: FastifyReply, where: SQL | undefined) =>
    sendCsvDownload(
      reply,
      exportFileName('applications_export'),
      applicationsCsv(app.db, where, app.config.event.startDate),
      // Each chunk is a whole page (about half a megabyte): the stream holds two, not the default 16.
      { highWaterMark: 2 },
    );

  app.get(
    '/applications/csv',
    { config: admin, schema: { querystring: applicationFiltersSchema } },
    async (request, reply) => {
      const where = applicationFilters(request.query, app.config.event.startDate);
      await audit(app.db, request.actor, {
        action: 'export.applications',
        targetType: 'export',
        after: request.query,
      });
      return sendApplicationsCsv(reply, where);
    },
  );

  // The selection of the Applications tab: listed ids, or all a filter matches (with the count the
  // admin saw, as every bulk action by filter).
  app.post(
    '/applications/csv',
    { config: admin, schema: { body: bulkTargetBodySchema } },
    async (request, reply) => {
      const target = bulkTargetOf(request.body, app.config.event.startDate);
      const where = targetWhere(target);
      if (!('ids' in target)) {
        const [row] = await app.db.select({ n: count() }).from(applications).where(where);
        checkCount(target, row?.n ?? 0);
      }
      await audit(app.db, request.actor, {
        action: 'export.applications',
        targetType: 'export',
        after: targetAudit(target),
      });
      return sendApplicationsCsv(reply, where);
    },
  );

  app.get(
    '/users/csv',
    { config: admin, schema: { querystring: usersExportQuery } },
    async (request, reply) => {
      const where = userFilters(request.query);
      const db = app.db;
      await audit(db, request.actor, {
        action: 'export.users',
        targetType: 'export',
        after: request.query,
      });
      return sendCsvDownload(reply, exportFileName('users_export'), usersCsv(db, where));
    },
  );

  app.post(
    '/resumes/zip',
    { config: admin, schema: { body: bulkTargetBodySchema } },
    async (request, reply) => {
      const target = bulkTargetOf(request.body, app.config.event.startDate);
      // Every application the target names, with its resume when it has one: a filter's count is
      // of applications, as the list counts them.
      const matched = await app.db
        .select({
          id: applications.id,
          firstName: applications.firstName,
          lastName: applications.lastName,
          key: uploads.storageKey,
        })
        .from(applications)
        .leftJoin(uploads, eq(uploads.id, applications.resumeUploadId))
        .where(targetWhere(target))
        .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
      checkCount(target, matched.length);
      const rows = matched.filter((r): r is typeof r & { key: string } => r.key !== null);
      if (!rows.length)
        throw errors.notFound('None of the selected applications has a resume.', 'no_resumes');
      await audit(app.db, request.actor, {
        action: 'export.resumes',
        targetType: 'export',
        after: { ...targetAudit(target), files: rows.length },
      });
      const zip = new yazl.ZipFile();
      for (const r of rows) {
        const ext = r.key.slice(r.key.lastIndexOf('.'));
        // Entry names are ours: applicant name and id, never an uploaded file name.
        const entry = `${namePart(r.lastName)}_${namePart(r.firstName)}_${r.id.slice(0, 8)}${ext}`;
        // Lazy: each file is opened only when the zip reaches it, so 1,000 resumes hold one descriptor.
        zip.addReadStreamLazy(entry, { compress: false }, (cb) => cb(null, app.storage.read(r.key)));
      }
      zip.end();
      const name = exportFileName('resumes').replace(/\.csv$/, '.zip');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(zip.outputStream);
    },
  );
};
