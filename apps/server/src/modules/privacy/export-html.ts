/**
 * The archive's summary.html: what the JSON files hold, readable in any browser. Every value is
 * the applicant's own typing or ours, and all of it is escaped: the page is opened from a file, so
 * a script in an answer would run with nobody's CSP to stop it.
 */
import type { PersonalData } from './export';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const row = (label: string, value: unknown) =>
  `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value ?? '—')}</td></tr>`;

const table = (rows: string[]) => (rows.length ? `<table>${rows.join('')}</table>` : '<p>None.</p>');

export function summaryHtml(data: PersonalData, eventName: string): string {
  const app = data.application;
  const sections = [
    `<h2>Account</h2>${table([
      row('E-mail', data.account.email),
      row('Role', data.account.role),
      row('Created', data.account.created_at),
      row('Last sign-in', data.account.last_login_at),
    ])}`,
    `<h2>Application</h2>${
      app
        ? table([
            row('Status', app.status),
            row('Submitted', app.submitted_at),
            ...(app.answers_in_words ?? []).map((a) => row(a.question, a.answer)),
            ...(app.custom ?? []).map((c) => row(c.label, c.text)),
          ])
        : '<p>No application.</p>'
    }`,
    `<h2>RSVP</h2>${data.rsvp ? table([row('RSVP', data.rsvp.status), row('Answered', data.rsvp.at)]) : '<p>None.</p>'}`,
    `<h2>Check-in</h2>${
      data.checkin
        ? table([
            row('Checked in', data.checkin.checked_in ? 'Yes' : 'No'),
            row('At', data.checkin.checked_in_at),
          ])
        : '<p>None.</p>'
    }${table(data.scans.map((s) => row(`${s.station} (${s.outcome})`, s.scanned_at)))}`,
    `<h2>Consent to share with sponsors</h2>${table([
      row('Now', data.consent.sponsor_consent ? 'Given' : 'Not given'),
      ...data.consent.history.map((h) =>
        row(h.at, `${h.given ? 'Given' : 'Withdrawn'} (wording ${h.version})`),
      ),
    ])}`,
    `<h2>E-mails sent to you</h2>${table(data.emails.map((m) => row(m.sent_at ?? m.queued_at ?? '', m.subject)))}`,
    `<h2>Files</h2>${table(data.files.map((f) => row(f.entry, `${f.content_type}, ${f.size_bytes} bytes`)))}`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your data at ${escapeHtml(eventName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}
th{width:40%;font-weight:600}td{white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><h1>Your data at ${escapeHtml(eventName)}</h1>
<p>The JSON files in this archive hold everything listed here in full.</p>
${sections.join('\n')}
</body></html>
`;
}
