/**
 * The public privacy page's text (issue 21): the organisers' own Markdown from the event config
 * (privacy.policyMarkdown), or the built-in text below, rendered once with markdown-it as
 * announcements are (HTML off, only http(s) and mailto links, no images: a remote image on the
 * privacy page would tell a third party who read it).
 */
import MarkdownIt from 'markdown-it';
import type { EventConfig } from '@lanyard/shared/event';
import type { RetentionSettings } from '@lanyard/shared/retention';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Markdown's punctuation escaped, so the event's name or address reads as text, never as syntax. */
const text = (value: string) => value.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, '\\$&');

/**
 * The built-in policy. The keeping periods are the organisers' retention settings as saved (issue
 * 21), so the page says what the retention job actually does; a rule turned off says so.
 */
export function defaultPolicyMarkdown(event: EventConfig, retention: RetentionSettings): string {
  const name = text(event.name);
  const contact = event.contactEmail;
  return `## What we collect and why

${name} collects what you give us to run the event: your account (e-mail address and a hashed password), your application (the answers on the form and your resume), your RSVP, your check-in at the door and the stations you are scanned at (meals, swag, workshops), and the e-mails we send you. We use it to review applications, admit people, plan food and space, and keep everyone safe on the day.

## Who sees it

- **Organisers** of ${name} see your account, application, RSVP and check-in.
- **Reviewers** read your application to score it, with the fields the organisers hide for blind review left out (such as your name, school and demographics).
- **Volunteers** at the door see what they need to check you in.
- **Sponsors** see your application and resume **only if you consent**, on the application form or on your dashboard. You can withdraw at any time; it takes effect at once.

Nobody else gets your data, and we never sell it.

## How long we keep it

Following the organisers' retention settings: ${keeping(retention)}

## Your choices

- **Download my data**: on your dashboard, one archive with everything we hold about you.
- **Delete my account**: on your dashboard, with your password. It deletes your account, application, resume and check-in record at once; the event's counts keep only a number, never you.
- **Sponsor consent**: on your dashboard, given or withdrawn at any time.

Questions, or a request an organiser should handle for you: [${contact}](mailto:${contact}).
`;
}

const after = (days: number | null, from: string) =>
  days === null ? 'only when you or an organiser delete them' : `${days} days after ${from}`;

function keeping(r: RetentionSettings): string {
  return [
    `resumes are deleted ${after(r.resume_days, 'the event')}.`,
    `Accounts and applications of people who did not attend are deleted ${after(r.non_attendee_days, 'the event')}.`,
    `Accounts whose e-mail address was never confirmed and that never started an application are deleted ${after(r.unverified_days, 'sign-up')}.`,
    'Backups made before a deletion still hold the data until they are themselves deleted.',
  ].join(' ');
}

export function renderPolicy(
  event: EventConfig,
  retention: RetentionSettings,
): { html: string; custom: boolean } {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.validateLink = (url) => SAFE_LINK.test(url.trim());
  md.disable('image');
  const source = event.privacy.policyMarkdown?.trim();
  return { html: md.render(source || defaultPolicyMarkdown(event, retention)), custom: Boolean(source) };
}
