import {
  EMAIL_TEMPLATE_KEYS,
  emailTemplateSchema,
  type EmailTemplate,
  type EmailTemplateKey,
} from '@lanyard/shared/email';
import type { EventConfig } from '@lanyard/shared/event';
import type { DbOrTx } from '../../db/client';
import { readSettings } from '../../db/settings';
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
  offer_expired: {
    subject: 'Your {{event}} offer has expired',
    body: 'Hi {{name}},\n\nWe had not heard from you by {{rsvp_deadline}}, the date to confirm your place at {{event}}, so your offer has expired and your place may go to someone on our waitlist.\n\nIf you think this is a mistake, reply to this e-mail or write to the organisers as soon as you can. Your dashboard shows where things stand:\n\n{{dashboard_link}}\n\nThe {{event}} team',
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
  const stored = (await readSettings(db)).emailTemplates as Record<string, unknown>;
  const out = {} as Record<EmailTemplateKey, EmailTemplate & { is_default: boolean }>;
  for (const key of EMAIL_TEMPLATE_KEYS) {
    const parsed = emailTemplateSchema.safeParse(stored[key]);
    out[key] = parsed.success
      ? { ...parsed.data, is_default: false }
      : { ...DEFAULT_TEMPLATES[key], is_default: true };
  }
  return out;
}

/** What an e-mail says instead of a name that cannot be shown: "Hi there,". */
export const NEUTRAL_NAME = 'there';
const NAME_MAX_CHARS = 32;
const NAME_MAX_WORDS = 3;
const ZERO_WIDTH_JOINERS = /[\u200c\u200d]/gu;

/**
 * The first name an applicant typed, as e-mails greet them, or NEUTRAL_NAME. It is the one value in
 * our e-mails that a stranger chooses, and mail clients turn anything that looks like an address
 * into a link by themselves, in plain text and HTML alike: a "name" holding a URL, a domain or a
 * sentence would have the portal deliver that stranger's message to whoever owns the address. So a
 * name is shown only when it reads like one: letters of any script and their marks, spaces,
 * apostrophes, hyphens and dots (initials), a few words, short, and no dot followed by letters
 * (`evil.example`). The check runs on the NFKC form, which is also what is shown, so look-alike
 * dots are caught. Joiners (Persian, Indic names) are allowed but cannot hide a domain.
 */
export function greetingName(raw: string): string {
  const name = raw.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  const bare = name.replace(ZERO_WIDTH_JOINERS, '');
  const readsLikeAName =
    bare.length > 0 &&
    [...name].length <= NAME_MAX_CHARS &&
    name.split(' ').length <= NAME_MAX_WORDS &&
    /^[\p{L}\p{M} '\u2019.\-\u200c\u200d]+$/u.test(name) &&
    !/\.[\p{L}\p{M}]{2,}/u.test(bare);
  return readsLikeAName ? name : NEUTRAL_NAME;
}

type Placeholder = keyof TemplateValues;
const PLACEHOLDER = /\{\{\s*(name|event|dashboard_link|rsvp_deadline)\s*\}\}/g;

/**
 * The template cut into runs of text: the admin's own words together with the values the portal
 * makes (event, link, deadline) are `trusted`; each applicant value stands alone.
 */
function runs(text: string, values: TemplateValues): { text: string; trusted: boolean }[] {
  const out: { text: string; trusted: boolean }[] = [];
  const push = (part: string, trusted: boolean) => {
    const last = out.at(-1);
    if (last && trusted && last.trusted) last.text += part;
    else if (part) out.push({ text: part, trusted });
  };
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    push(text.slice(at, m.index), true);
    const key = m[1] as Placeholder;
    push(values[key], key !== 'name');
    at = m.index + m[0].length;
  }
  push(text.slice(at), true);
  return out;
}

// A link ends before trailing punctuation and before an escaped bracket or quote.
const URL_IN_ESCAPED = /(https?:\/\/[^\s<]+?)(?=[.,;:!?)]*(?:&(?:lt|gt|quot|#39);|\s|$))/g;

/**
 * Plain text is the template with its placeholders filled; the HTML part is the same text,
 * escaped, in paragraphs. Only the template's own links and the portal's (the dashboard link)
 * become clickable: an applicant's value is escaped and never linked, and passes greetingName
 * first, so neither part can carry their link or sentence.
 */
export function renderTemplate(
  template: EmailTemplate,
  values: TemplateValues,
  brandColor: string,
): RenderedEmail {
  const v = { ...values, name: greetingName(values.name) };
  const fill = (text: string) =>
    runs(text, v)
      .map((r) => r.text)
      .join('');
  const subject = fill(template.subject).replace(/[\r\n]+/g, ' ');
  const text = fill(template.body);
  // The body is plain text: its own characters are escaped as well as the values.
  const html = runs(template.body, v)
    .map((r) =>
      r.trusted
        ? escapeHtml(r.text).replace(URL_IN_ESCAPED, `<a href="$1" style="color:${brandColor}">$1</a>`)
        : escapeHtml(r.text),
    )
    .join('')
    .split(/\n{2,}/)
    .map((para) => `<p>${para.replace(/\n/g, '<br>')}</p>`)
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
