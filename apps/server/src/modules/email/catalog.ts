import { eq } from 'drizzle-orm';
import {
  EMAIL_TEMPLATE_KEYS,
  emailTemplateSchema,
  type EmailTemplate,
  type EmailTemplateKey,
} from '@lanyard/shared/email';
import type { EventConfig } from '@lanyard/shared/event';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/index';
import { escapeHtml, type RenderedEmail } from './templates';

/** The texts that ship with Lanyard; admins may replace any of them (PUT /api/settings/email-template). */
export const DEFAULT_TEMPLATES: Record<EmailTemplateKey, EmailTemplate> = {
  application_received: {
    subject: 'We received your {{event}} application',
    body: 'Hi {{name}},\n\nThank you for applying to {{event}}! Your application is in, and our team will review it carefully. A decision will arrive by e-mail, and you can follow your status on your dashboard at any time:\n\n{{dashboard_link}}\n\nSee you soon,\nThe {{event}} team',
  },
  decision_accepted: {
    subject: "You're in! Welcome to {{event}}",
    body: 'Hi {{name}},\n\nCongratulations! We are thrilled to accept you to {{event}}.\n\nPlease confirm your spot on your dashboard before the RSVP deadline ({{rsvp_deadline}}), so we can plan for you:\n\n{{dashboard_link}}\n\nWe cannot wait to see what you build,\nThe {{event}} team',
  },
  decision_waitlisted: {
    subject: 'Your {{event}} application: waitlist',
    body: 'Hi {{name}},\n\nThank you for applying to {{event}}. We had many more applicants than places, and you are on our waitlist. We will write again as soon as a place opens up.\n\nYou can tell us whether you want to stay on the waitlist on your dashboard:\n\n{{dashboard_link}}\n\nThank you for your patience,\nThe {{event}} team',
  },
  decision_rejected: {
    subject: 'Your {{event}} application',
    body: 'Hi {{name}},\n\nThank you for applying to {{event}}. We received far more applications than we have places, and we are sorry that we cannot offer you a spot this year.\n\nWe hope to see your application again next time.\n\nWarm regards,\nThe {{event}} team',
  },
  rsvp_recorded: {
    subject: 'Your {{event}} RSVP is recorded',
    body: 'Hi {{name}},\n\nThank you: we recorded your RSVP for {{event}}. You can see it on your dashboard:\n\n{{dashboard_link}}\n\nIf you need to change it, reply to this e-mail or write to the organisers.\n\nThe {{event}} team',
  },
};

export interface TemplateValues {
  name: string;
  event: string;
  dashboard_link: string;
  rsvp_deadline: string;
}

export async function loadTemplates(
  db: DbOrTx,
): Promise<Record<EmailTemplateKey, EmailTemplate & { is_default: boolean }>> {
  const [row] = await db.select({ t: settings.emailTemplates }).from(settings).where(eq(settings.id, 1));
  const stored = (row?.t ?? {}) as Record<string, unknown>;
  const out = {} as Record<EmailTemplateKey, EmailTemplate & { is_default: boolean }>;
  for (const key of EMAIL_TEMPLATE_KEYS) {
    const parsed = emailTemplateSchema.safeParse(stored[key]);
    out[key] = parsed.success
      ? { ...parsed.data, is_default: false }
      : { ...DEFAULT_TEMPLATES[key], is_default: true };
  }
  return out;
}

function fill(text: string, values: TemplateValues, escape: (s: string) => string): string {
  return text.replace(
    /\{\{\s*(name|event|dashboard_link|rsvp_deadline)\s*\}\}/g,
    (_m, key: keyof TemplateValues) => escape(values[key]),
  );
}

/**
 * Plain text is the template with its placeholders filled; the HTML part is the same text,
 * escaped, in paragraphs, with the links made clickable. Values are escaped, never trusted.
 */
export function renderTemplate(
  template: EmailTemplate,
  values: TemplateValues,
  brandColor: string,
): RenderedEmail {
  const subject = fill(template.subject, values, (s) => s).replace(/[\r\n]+/g, ' ');
  const text = fill(template.body, values, (s) => s);
  // The body is plain text: its own characters are escaped as well as the values.
  const html = escapeHtml(text)
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${para
          .replace(
            /(https?:\/\/[^\s<]+?)(?=&(?:lt|gt|quot|#39);|\s|$)/g,
            `<a href="$1" style="color:${brandColor}">$1</a>`,
          )
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return {
    subject,
    text,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${html}</body></html>`,
  };
}

export function templateValues(
  event: EventConfig,
  publicUrl: string,
  name: string,
  rsvpDeadline: Date | null,
): TemplateValues {
  return {
    name,
    event: `${event.name}${event.edition ? ` ${event.edition}` : ''}`,
    dashboard_link: `${publicUrl}/dashboard`,
    rsvp_deadline: rsvpDeadline
      ? rsvpDeadline.toLocaleString('en-US', {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: event.timeZone,
        })
      : event.dates.rsvpDeadline,
  };
}
