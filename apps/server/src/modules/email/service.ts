import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  type EmailTemplateKey,
  type outboxQuerySchema,
} from '@lanyard/shared/email';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { containsPattern } from '../../db/search';
import { lockSettings, readSettings, writeSettings } from '../../db/settings';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { DEFAULT_TEMPLATES, loadTemplates, renderTemplate, templateValues } from './catalog';

// The admin view says "queued" for what the worker calls "pending".
const STATUS_OUT = { pending: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' } as const;
const STATUS_IN = { queued: 'pending', sending: 'sending', sent: 'sent', failed: 'failed' } as const;

/** Newest first; `counts` are of the whole outbox, whatever the filter. */
export async function listOutbox(db: Db, q: z.output<typeof outboxQuerySchema>) {
  const where = and(
    q.status ? eq(emailOutbox.status, STATUS_IN[q.status]) : undefined,
    q.kind ? eq(emailOutbox.kind, q.kind) : undefined,
    q.search ? ilike(emailOutbox.toAddress, containsPattern(q.search)) : undefined,
  );
  const [rows, [total], counts] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(emailOutbox).where(where),
    db.select({ k: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
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
  };
}

/** Sends a failed e-mail again: the worker picks it up as if it were new. */
export async function retryEmail(db: Db, actor: AuditActor, id: string): Promise<void> {
  const updated = await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  if (!updated[0]) throw errors.conflict('Only failed e-mails can be retried.', 'not_failed');
  await audit(db, actor, { action: 'email.retry', targetType: 'email', targetId: id });
}

export async function listTemplates(db: Db) {
  const templates = await loadTemplates(db);
  return {
    templates: EMAIL_TEMPLATE_KEYS.map((key) => ({ key, ...templates[key] })),
    placeholders: [...EMAIL_PLACEHOLDERS],
  };
}

/** Stores an admin's wording of one template; the settings row lock keeps two editors in order. */
export async function updateTemplate(
  db: Db,
  actor: AuditActor,
  edit: { template: EmailTemplateKey; subject: string; body: string },
): Promise<void> {
  const { template, subject, body } = edit;
  await db.transaction(async (tx) => {
    const current = (await lockSettings(tx)).emailTemplates as Record<string, unknown>;
    await writeSettings(tx, { emailTemplates: { ...current, [template]: { subject, body } } });
    await audit(tx, actor, {
      action: 'email_template.update',
      targetType: 'email_template',
      targetId: template,
      before: current[template] ?? DEFAULT_TEMPLATES[template],
      after: { subject, body },
    });
  });
}

/** Drops an admin's wording of one template, so the default applies again. */
export async function resetTemplate(db: Db, actor: AuditActor, template: EmailTemplateKey): Promise<void> {
  await db.transaction(async (tx) => {
    const { [template]: removed, ...rest } = (await lockSettings(tx)).emailTemplates as Record<
      string,
      unknown
    >;
    await writeSettings(tx, { emailTemplates: rest });
    await audit(tx, actor, {
      action: 'email_template.reset',
      targetType: 'email_template',
      targetId: template,
      before: removed ?? null,
      after: DEFAULT_TEMPLATES[template],
    });
  });
}

/** A draft rendered for a sample applicant ("Ada"), with the event's real details. */
export async function previewTemplate(db: Db, config: AppConfig, draft: { subject: string; body: string }) {
  const s = await readSettings(db);
  return renderTemplate(
    { subject: draft.subject, body: draft.body },
    templateValues(config.event, config.publicUrl, 'Ada', s.rsvpDeadline),
    config.event.brandColor,
  );
}
