import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateTimeSchema } from '@lanyard/shared/dates';
import {
  accessCodeSchema,
  adminSettingsSchema,
  publicSettingsSchema,
  updateSettingsBodySchema,
} from '@lanyard/shared/settings';
import { readSettings, readSettingsCached } from '../../db/settings';
import { formQuestionsOf, readQuestionsCached } from '../custom-questions/store';
import * as service from './service';
import { perIp } from '../../plugins/rate-limits';

const codesResponse = z.object({ codes: z.array(z.string()) });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' as const };

  app.get(
    '/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Settings'],
        summary:
          'Get what the application form needs: whether it is open, the deadline, the custom questions',
        response: { 200: publicSettingsSchema },
      },
    },
    // Every form load reads it: both parts come from the read cache while it is on (decision 006).
    async () => {
      const [settings, questions] = await Promise.all([
        readSettingsCached(app.db, app.readCache),
        readQuestionsCached(app.db, app.readCache),
      ]);
      return { ...service.toPublicSettings(settings.row), custom_questions: formQuestionsOf(questions) };
    },
  );

  app.post(
    '/validate-access-code',
    {
      // Codes are short: guessing them must be slow.
      config: { access: 'public', rateLimit: { limits: [perIp('code-check', 20, 600)] } },
      schema: {
        tags: ['Settings'],
        summary: 'Check whether an access code is valid',
        body: z.object({ code: z.string().max(64) }).strict(),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => {
      return { valid: await service.isValidAccessCode(app.db, request.body.code) };
    },
  );

  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Get all event settings',
        response: { 200: adminSettingsSchema },
      },
    },
    async () => service.getAdminSettings(app.db),
  );

  app.put(
    '/',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Change event settings',
        body: updateSettingsBodySchema,
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) => service.updateSettings(app.db, request.actor, request.body),
  );

  app.post(
    '/reset',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Reset event settings to their defaults',
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) => service.resetSettings(app.db, request.actor),
  );

  const statusResponse = z.object({ is_open: z.boolean(), status: z.enum(['open', 'late', 'closed']) });
  app.get(
    '/application-status',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Find out whether applications are open, late or closed',
        response: { 200: statusResponse },
      },
    },
    async () => {
      const window = service.windowOf(await readSettings(app.db));
      return { is_open: window.status !== 'closed', status: window.status };
    },
  );
  app.put(
    '/application-status',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Open or close applications',
        body: z.object({ is_open: z.boolean() }).strict(),
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) =>
      service.updateSettings(app.db, request.actor, { force_application_open: request.body.is_open }),
  );
  app.put(
    '/deadline',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Set or clear the application deadline',
        body: z.object({ deadline: isoDateTimeSchema.nullable() }).strict(),
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) =>
      service.updateSettings(app.db, request.actor, { application_deadline: request.body.deadline }),
  );
  app.put(
    '/force-open',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Keep applications open past the deadline, or stop doing so',
        body: z.object({ force_open: z.boolean() }).strict(),
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) =>
      service.updateSettings(app.db, request.actor, { force_application_open: request.body.force_open }),
  );
  app.put(
    '/rsvp-open',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Open or close RSVPs',
        body: z.object({ rsvp_open: z.boolean() }).strict(),
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) => service.updateSettings(app.db, request.actor, { rsvp_open: request.body.rsvp_open }),
  );

  app.get(
    '/access-codes',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'List the access codes that let people apply',
        response: { 200: codesResponse },
      },
    },
    async () => ({
      codes: await service.listAccessCodes(app.db),
    }),
  );
  app.post(
    '/access-codes',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Add an access code',
        body: z.object({ code: accessCodeSchema }).strict(),
        response: { 200: codesResponse },
      },
    },
    async (request) => ({ codes: await service.addAccessCode(app.db, request.actor, request.body.code) }),
  );
  app.put(
    '/access-code',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Add an access code (older form of POST /access-codes)',
        body: z.object({ access_code: accessCodeSchema }).strict(),
        response: { 200: codesResponse },
      },
    },
    async (request) => ({
      codes: await service.addAccessCode(app.db, request.actor, request.body.access_code),
    }),
  );
  app.delete(
    '/access-codes/:code',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Remove an access code',
        params: z.object({ code: z.string().min(1).max(64) }),
        response: { 200: codesResponse },
      },
    },
    async (request) => ({
      codes: await service.removeAccessCode(app.db, request.actor, request.params.code),
    }),
  );
  app.post(
    '/generate-access-code',
    {
      config: admin,
      schema: {
        tags: ['Settings'],
        summary: 'Generate a random access code and add it',
        response: { 200: z.object({ code: z.string(), codes: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const code = service.generateCode();
      return { code, codes: await service.addAccessCode(app.db, request.actor, code) };
    },
  );
};
