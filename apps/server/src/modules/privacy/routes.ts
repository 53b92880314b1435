import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema } from '@lanyard/shared/common';
import {
  consentBodySchema,
  consentStateSchema,
  deleteAccountBodySchema,
  privacyPolicySchema,
} from '@lanyard/shared/privacy';
import { perUser } from '../../plugins/rate-limits';
import { personalDataZip } from './export';
import { renderPolicy } from './policy';
import { readRetention } from './retention-settings';
import { setConsent, consentState } from './consent';
import { auditExport, deleteOwnAccount, WRONG_PASSWORD } from './service';

// An archive holds every resume and e-mail: a handful a day is plenty for a person, and keeps a
// stolen session from turning the route into a load on storage.
const EXPORT_LIMIT = { limits: [perUser('privacy-export', 5, 3600)] };
// Only wrong passwords count: a session thief cannot guess the password to erase the account.
const DELETE_LIMIT = { limits: [perUser('privacy-delete', 5, 900)], countOnly: [WRONG_PASSWORD] };

const sendZip = (reply: FastifyReply, stream: NodeJS.ReadableStream, name: string) =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(stream);

const archiveName = () => `lanyard_my_data_${new Date().toISOString().slice(0, 10)}.zip`;

/** The applicant's own data: no route takes an id, each acts on the caller's account. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const privacy = app.config.event.privacy;
  app.get(
    '/policy',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Privacy'],
        summary: 'Get the privacy policy, with the keeping periods as now set',
        response: { 200: privacyPolicySchema },
      },
    },
    // Rendered per request: the keeping periods it states are the retention settings as saved now.
    async () => renderPolicy(app.config.event, await readRetention(app.db)),
  );
  app.get(
    '/consent',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['Privacy'],
        summary: 'Get my privacy consents',
        response: { 200: consentStateSchema },
      },
    },
    async (request) => consentState(app.db, request.user!.id, privacy),
  );
  app.put(
    '/consent',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['Privacy'],
        summary: 'Give or withdraw my privacy consents',
        body: consentBodySchema,
        response: { 200: consentStateSchema },
      },
    },
    async (request) =>
      setConsent(app.db, request.actor, request.user!.id, request.body.sponsor_consent, privacy),
  );
  app.get(
    '/export',
    {
      schema: { tags: ['Privacy'], summary: 'Download all my data (a zip archive)' },
      config: { access: 'applicant', rateLimit: EXPORT_LIMIT },
    },
    async (request, reply) => {
      const user = request.user!;
      const zip = await personalDataZip(app.db, app.storage, user.id, app.config.event);
      await auditExport(app.db, request.actor, user.id, true);
      return sendZip(reply, zip, archiveName());
    },
  );
  app.post(
    '/delete-account',
    {
      config: { access: 'applicant', rateLimit: DELETE_LIMIT },
      schema: {
        tags: ['Privacy'],
        summary: 'Delete my account and its data (needs my password)',
        body: deleteAccountBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await deleteOwnAccount(app.db, app.storage, request.user!, request.body.password);
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};

/** An admin exports an applicant's data on their request (deletion is DELETE /api/admin/users/:id). */
export const privacyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Privacy'],
        summary: "Download all of an applicant's data, on their request (a zip archive)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const zip = await personalDataZip(app.db, app.storage, request.params.id, app.config.event);
      await auditExport(app.db, request.actor, request.params.id, false);
      return sendZip(reply, zip, `lanyard_user_data_${request.params.id.slice(0, 8)}.zip`);
    },
  );
};
