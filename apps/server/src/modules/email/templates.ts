import type { EventConfig } from '@lanyard/shared/event';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text first; the HTML part is the same words with a button for the one link. */
function layout(
  event: EventConfig,
  opts: { subject: string; paragraphs: string[]; action?: { label: string; url: string } },
): RenderedEmail {
  const eventName = `${event.name}${event.edition ? ` ${event.edition}` : ''}`;
  const text = [
    ...opts.paragraphs,
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`] : []),
    `— The ${eventName} team`,
    `Questions? Write to ${event.supportEmail}.`,
  ].join('\n\n');
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:${event.brandColor};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:${event.brandColor}">${escapeHtml(eventName)}</h1>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:13px;color:#555">— The ${escapeHtml(eventName)} team. Questions? Write to <a href="mailto:${escapeHtml(event.supportEmail)}">${escapeHtml(event.supportEmail)}</a>.</p>
</body></html>`;
  return { subject: opts.subject, text, html };
}

export function verificationEmail(event: EventConfig, url: string): RenderedEmail {
  return layout(event, {
    subject: `Verify your email for ${event.name}`,
    paragraphs: [
      `Thanks for creating your ${event.name} account.`,
      'Please confirm this is your email address. The link works for 48 hours.',
    ],
    action: { label: 'Verify email', url },
  });
}

export function passwordResetEmail(event: EventConfig, url: string): RenderedEmail {
  return layout(event, {
    subject: `Reset your ${event.name} password`,
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your account.',
      'The link works once, for one hour. If you did not ask for it, you can ignore this message: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  });
}
