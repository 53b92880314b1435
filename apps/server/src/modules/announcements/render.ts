import MarkdownIt from 'markdown-it';
import type { EventConfig } from '@lanyard/shared/event';
import { greetingName } from '../email/catalog';
import { escapeHtml, type RenderedEmail } from '../email/templates';

/** The values an announcement's {{variables}} take for one recipient (see announcementValues). */
export interface AnnouncementValues {
  /** As the applicant typed it: shown only through greetingName, and never parsed as Markdown. */
  first_name: string;
  event: string;
  rsvp_deadline: string;
  dashboard_link: string;
}

export interface AnnouncementDraft {
  subject: string;
  body: string;
}

/**
 * Where the first name goes while the body is parsed: one private-use character, so the name
 * itself never meets the Markdown parser (it cannot become a link, emphasis or HTML), and no
 * letters that linkify could join into a domain. It is taken out of what admins type first.
 */
const NAME_SLOT = '\uE000';
const NAME_SLOT_IN_URL = encodeURIComponent(NAME_SLOT);
const VARIABLE = /\{\{\s*(first_name|event|rsvp_deadline|dashboard_link)\s*\}\}/g;

/** Links admins may write: the web and e-mail addresses. No javascript:, data:, file: or relative links. */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * html:false escapes any HTML typed in the body; links are checked against SAFE_LINK (markdown-it's
 * own check lets some data: images through); bare addresses become links (linkify, checked the
 * same way). Typographer off: the text is sent as typed.
 */
function markdown(brandColor: string): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.validateLink = (url) => SAFE_LINK.test(url.trim());
  const linkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet('style', `color:${brandColor}`);
    return linkOpen ? linkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet('style', 'max-width:100%;height:auto');
    return image(tokens, idx, options, env, self);
  };
  return md;
}

/** Markdown's punctuation escaped, so a portal value (the event's name) reads as text, never as syntax. */
function markdownText(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, '\\$&');
}

function fill(text: string, values: AnnouncementValues, name: string, inMarkdown: boolean): string {
  return text.replace(VARIABLE, (_m, key: keyof AnnouncementValues) => {
    if (key === 'first_name') return name;
    // The link stays as is, so `[Your dashboard]({{dashboard_link}})` and a bare link both work.
    if (key === 'dashboard_link' || !inMarkdown) return values[key];
    return markdownText(values[key]);
  });
}

export interface AnnouncementRenderer {
  (values: AnnouncementValues): RenderedEmail;
}

/**
 * Renders one draft for many recipients: the Markdown is parsed once per set of portal values (the
 * event, the deadline, the link), with the first name in a slot that each recipient's escaped name
 * then fills. The plain-text part is the Markdown as typed (it reads as text), values filled in.
 */
export function announcementRenderer(draft: AnnouncementDraft, event: EventConfig): AnnouncementRenderer {
  const md = markdown(event.brandColor);
  const body = draft.body.replaceAll(NAME_SLOT, '');
  const subject = draft.subject.replaceAll(NAME_SLOT, '');
  const eventName = `${event.name}${event.edition ? ` ${event.edition}` : ''}`;
  const parsed = new Map<string, string>();
  const htmlFor = (values: AnnouncementValues) => {
    const key = JSON.stringify([values.event, values.rsvp_deadline, values.dashboard_link]);
    let html = parsed.get(key);
    if (html === undefined) {
      // A name slot inside a link's address was percent-encoded: names never go into addresses.
      html = md.render(fill(body, values, NAME_SLOT, true)).replaceAll(NAME_SLOT_IN_URL, '');
      parsed.set(key, html);
    }
    return html;
  };
  const footerText = `— The ${eventName} team. Questions? Write to ${event.supportEmail}.`;
  const footerHtml = `<p style="font-size:13px;color:#555;margin-top:32px">— The ${escapeHtml(eventName)} team. Questions? Write to <a href="mailto:${escapeHtml(event.supportEmail)}" style="color:${event.brandColor}">${escapeHtml(event.supportEmail)}</a>.</p>`;
  return (values) => {
    const name = greetingName(values.first_name);
    const content = htmlFor(values).replaceAll(NAME_SLOT, escapeHtml(name));
    return {
      // One line: a header cannot hold a line break.
      subject: fill(subject, values, name, false).replace(/[\r\n]+/g, ' '),
      text: `${fill(body, values, name, false)}\n\n${footerText}`,
      html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:${event.brandColor}">${escapeHtml(eventName)}</h1>
${content}${footerHtml}
</body></html>`,
    };
  };
}

/** One draft for one recipient (the preview and the test send). */
export function renderAnnouncement(
  draft: AnnouncementDraft,
  event: EventConfig,
  values: AnnouncementValues,
): RenderedEmail {
  return announcementRenderer(draft, event)(values);
}
