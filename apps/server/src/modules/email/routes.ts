import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '@lanyard/shared/common';
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  emailTemplatesResponseSchema,
  outboxListResponseSchema,
  outboxQuerySchema,
  updateEmailTemplateBodySchema,
} from '@lanyard/shared/email';
import { emailOutbox } from '../../db/schema/index';
import { lockSettings, readSettings, writeSettings } from '../../db/settings';
import { errors } from '../../errors';
import { audit } from '../../lib/audit';
import { containsPattern } from '../../db/search';
import { DEFAULT_TEMPLATES, loadTemplates, renderTemplate, templateValues } from './catalog';

const admin = { access: 'admin' as const };
const STATUS_OUT = { pending: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' } as const;
const STATUS_IN = { queued: 'pending', sending: 'sending', sent: 'sent', failed: 'failed' } as const;

/** The admin "E-mails" view: what the outbox holds and whether it went out. */
export const adminEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/emails',
    {
      config: admin,
      schema: { querystring: outboxQuerySchema, response: { 200: outboxListResponseSchema } },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        q.status ? eq(emailOutbox.status, STATUS_IN[q.status]) : undefined,
        q.kind ? eq(emailOutbox.kind, q.kind) : undefined,
        q.search ? ilike(emailOutbox.toAddress, containsPattern(q.search)) : undefined,
      );
      const [rows, [total], counts] = await Promise.all([
        app.db
          .select()
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        app.db.select({ n: count() }).from(emailOutbox).where(where),
        app.db.select({ k: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
      ]);
      return {
        emails: rows.map((r) => ({
          _id: r.id,
          to: r.toAddress,
          subject: r.subject,
          kind: r.kind,
          status: STATUS_OUT[r.status],
          attempts: r.attempts,
          last_error: r.lastError,
          created_at: r.createdAt.toISOString(),
          sent_at: r.sentAt?.toISOString() ?? null,
        })),
        total: total?.n ?? 0,
        counts: Object.fromEntries(counts.map((c) => [STATUS_OUT[c.k], c.n])),
        smtp_configured: Boolean(app.config.smtpUrl),
      };
    },
  );

  app.post(
    '/emails/:id/retry',
    { config: admin, schema: { params: idParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const updated = await app.db
        .update(emailOutbox)
        .set({ status: 'pending', nextAttemptAt: sql`now()`, lastError: null })
        .where(and(eq(emailOutbox.id, request.params.id), eq(emailOutbox.status, 'failed')))
        .returning({ id: emailOutbox.id });
      if (!updated[0]) throw errors.conflict('Only failed e-mails can be retried.', 'not_failed');
      await audit(app.db, request.actor, {
        action: 'email.retry',
        targetType: 'email',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );
};

const previewBody = z
  .object({
    template: z.enum(EMAIL_TEMPLATE_KEYS),
    subject: z.string().max(200),
    body: z.string().max(20_000),
  })
  .strict();

export const emailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async () => {
    const templates = await loadTemplates(app.db);
    return {
      templates: EMAIL_TEMPLATE_KEYS.map((key) => ({ key, ...templates[key] })),
      placeholders: [...EMAIL_PLACEHOLDERS],
    };
  };

  app.get(
    '/email-templates',
    { config: admin, schema: { response: { 200: emailTemplatesResponseSchema } } },
    list,
  );

  app.put(
    '/email-template',
    {
      config: admin,
      schema: { body: updateEmailTemplateBodySchema, response: { 200: emailTemplatesResponseSchema } },
    },
    async (request) => {
      const { template, subject, body } = request.body;
      await app.db.transaction(async (tx) => {
        const current = (await lockSettings(tx)).emailTemplates as Record<string, unknown>;
        await writeSettings(tx, { emailTemplates: { ...current, [template]: { subject, body } } });
        await audit(tx, request.actor, {
          action: 'email_template.update',
          targetType: 'email_template',
          targetId: template,
          before: current[template] ?? DEFAULT_TEMPLATES[template],
          after: { subject, body },
        });
      });
      return list();
    },
  );

  app.post(
    '/email-template/reset',
    {
      config: admin,
      schema: {
        body: z.object({ template: z.enum(EMAIL_TEMPLATE_KEYS) }).strict(),
        response: { 200: emailTemplatesResponseSchema },
      },
    },
    async (request) => {
      const { template } = request.body;
      await app.db.transaction(async (tx) => {
        const { [template]: removed, ...rest } = (await lockSettings(tx)).emailTemplates as Record<
          string,
          unknown
        >;
        await writeSettings(tx, { emailTemplates: rest });
        await audit(tx, request.actor, {
          action: 'email_template.reset',
          targetType: 'email_template',
          targetId: template,
          before: removed ?? null,
          after: DEFAULT_TEMPLATES[template],
        });
      });
      return list();
    },
  );

  app.post(
    '/email-template/preview',
    {
      config: admin,
      schema: {
        body: previewBody,
        response: { 200: z.object({ subject: z.string(), text: z.string(), html: z.string() }) },
      },
    },
    async (request) => {
      const s = await readSettings(app.db);
      return renderTemplate(
        { subject: request.body.subject, body: request.body.body },
        templateValues(app.config.event, app.config.publicUrl, 'Ada', s.rsvpDeadline),
        app.config.event.brandColor,
      );
    },
  );
};
