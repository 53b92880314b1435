import { z } from 'zod';
import { pageQuerySchema } from './common';

export const EMAIL_TEMPLATE_KEYS = [
  'application_received',
  'decision_accepted',
  'decision_waitlisted',
  'decision_rejected',
  'rsvp_recorded',
  'offer_expired',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export const EMAIL_PLACEHOLDERS = ['name', 'event', 'dashboard_link', 'rsvp_deadline'] as const;

export const emailTemplateSchema = z
  .object({
    subject: z.string().trim().min(1, 'Subject is required').max(200),
    /** Plain text with {{placeholders}}; the HTML part is made from it (paragraphs, links). */
    body: z.string().trim().min(1, 'Body is required').max(20_000),
  })
  .strict();
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesSchema = z.record(z.enum(EMAIL_TEMPLATE_KEYS), emailTemplateSchema);

/** PUT /api/settings/email-template */
export const updateEmailTemplateBodySchema = z
  .object({
    template: z.enum(EMAIL_TEMPLATE_KEYS),
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(20_000),
  })
  .strict();

export const emailTemplatesResponseSchema = z.object({
  templates: z.array(
    z.object({
      key: z.enum(EMAIL_TEMPLATE_KEYS),
      subject: z.string(),
      body: z.string(),
      is_default: z.boolean(),
    }),
  ),
  placeholders: z.array(z.string()),
});

export const outboxRowSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export const outboxListResponseSchema = z.object({
  emails: z.array(outboxRowSchema),
  total: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  smtp_configured: z.boolean(),
});
export const outboxQuerySchema = z
  .object({
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['queued', 'sending', 'sent', 'failed']).optional(),
    ),
    kind: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
    search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200).optional()),
    page: pageQuerySchema,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
