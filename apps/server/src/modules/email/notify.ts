import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { EmailTemplateKey } from '@lanyard/shared/email';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { applications, emailOutbox } from '../../db/schema/index';
import { capacitySettingsOf, readSettings } from '../../db/settings';
import { newOfferDueAt, offerDueAt } from '../../policies/offers';
import { releasedRoles } from '../../policies/decisions';
import { loadTemplates, renderTemplate, templateValues } from './catalog';
import { escapeHtml, type RenderedEmail } from './templates';

type Recipient = { id: string; email: string; firstName: string; status: string; decidedAt?: Date | null };

type Renderer = (key: EmailTemplateKey, firstName: string, deadline?: Date) => RenderedEmail;

/** Renders a template for one recipient, exactly as it is queued (the release preview uses it too). */
async function renderer(db: DbOrTx, config: AppConfig): Promise<Renderer> {
  const [templates, { rsvpDeadline: deadline }] = await Promise.all([loadTemplates(db), readSettings(db)]);
  return (key, firstName, own) =>
    renderTemplate(
      templates[key],
      templateValues(config.event, config.publicUrl, firstName, own ?? deadline),
      config.event.brandColor,
    );
}

/**
 * Renders one template for many recipients and queues them in batches, each at most once.
 * Answers how many were queued (a dedupe key already in the outbox queues nothing).
 */
async function queue(
  db: DbOrTx,
  config: AppConfig,
  recipients: Recipient[],
  keyOf: (r: Recipient) => EmailTemplateKey,
  dedupeOf: (r: Recipient) => string,
  /** Text and HTML added after the template's own words (e.g. the check-in code). */
  extra?: { text: string; html: string },
  /** The RSVP deadline a recipient's message names, where it is their offer's own. */
  deadlineOf?: (r: Recipient) => Date | undefined,
): Promise<number> {
  if (!recipients.length) return 0;
  const render = await renderer(db, config);
  let queued = 0;
  for (let i = 0; i < recipients.length; i += 1000) {
    const rows = recipients.slice(i, i + 1000).map((r) => {
      const key = keyOf(r);
      const mail = render(key, r.firstName, deadlineOf?.(r));
      return {
        toAddress: r.email,
        subject: mail.subject,
        textBody: extra ? `${mail.text}\n\n${extra.text}` : mail.text,
        htmlBody: extra ? mail.html.replace('</body>', `${extra.html}</body>`) : mail.html,
        kind: key,
        dedupeKey: dedupeOf(r),
      };
    });
    const inserted = await db
      .insert(emailOutbox)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: emailOutbox.id });
    queued += inserted.length;
  }
  return queued;
}

const DECIDED = ['accepted', 'waitlisted', 'rejected'] as const;
type Decided = (typeof DECIDED)[number];
type DueDecision = Recipient & { lastName: string; status: Decided };

/**
 * Applicants whose finalized decision has not been announced yet (decision_notified_status is not
 * their status): what a release announces, and what its preview counts.
 */
async function dueDecisions(
  db: DbOrTx,
  where: { role?: 'hacker' | 'mentor'; ids?: string[] },
  opts: { lock: boolean },
): Promise<DueDecision[]> {
  const query = db
    .select({
      id: applications.id,
      email: applications.email,
      firstName: applications.firstName,
      lastName: applications.lastName,
      status: applications.status,
      decidedAt: applications.decidedAt,
    })
    .from(applications)
    .where(
      and(
        where.role ? eq(applications.role, where.role) : undefined,
        // One array parameter: a bulk change by filter may name more ids than a statement takes.
        where.ids ? sql`${applications.id} = any(${sql.param(where.ids)}::uuid[])` : undefined,
        inArray(applications.status, [...DECIDED]),
        sql`${applications.decisionNotifiedStatus} is distinct from ${applications.status}`,
      ),
    )
    .orderBy(asc(applications.id));
  // Locked (in id order, as setStatuses does) so a decision cannot change between the e-mail
  // and the mark: a concurrent change waits and is then announced itself.
  const rows = opts.lock ? await query.for('update') : await query;
  return rows as DueDecision[];
}

/** Keyed by the decision and when it was made: a race never doubles it, a later change is new. */
const decisionDedupeKey = (r: Recipient) => `decision:${r.id}:${r.status}:${r.decidedAt?.getTime() ?? 0}`;

/** Of `due`, those whose e-mail is not in the outbox already: the ones a release really queues. */
async function notQueuedYet(db: DbOrTx, due: DueDecision[]): Promise<DueDecision[]> {
  if (!due.length) return [];
  const keys = due.map(decisionDedupeKey);
  const present = await db
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(sql`${emailOutbox.dedupeKey} = any(${sql.param(keys)}::text[])`);
  const seen = new Set(present.map((p) => p.key));
  return due.filter((_, i) => !seen.has(keys[i]!));
}

/**
 * Marks the decisions announced. Being announced is when an offer reaches the applicant, so an
 * acceptance gets its own RSVP deadline here (policies/offers), or none while offers do not expire.
 */
async function markAnnounced(db: DbOrTx, due: DueDecision[], offerDue: Date | null): Promise<void> {
  if (!due.length) return;
  await db
    .update(applications)
    .set({
      decisionNotifiedStatus: sql`${applications.status}`,
      rsvpDueAt: sql`case when ${applications.status} = 'accepted' then ${offerDue}::timestamptz end`,
    })
    .where(
      and(
        // One array parameter, however many applicants: an IN list stops at 65,535 parameters.
        sql`${applications.id} = any(${sql.param(due.map((d) => d.id))}::uuid[])`,
        isNotNull(applications.status),
      ),
    );
}

/**
 * Announces every finalized decision not announced yet: queues one e-mail each (unless
 * `sendEmail` is false) and marks them announced. The dedupe key names the decision, so unrelease
 * and re-release never send the same one twice, while a changed decision is announced again.
 * Without e-mail, the decisions are marked all the same: a later release does not mail them.
 */
export async function announceDecisions(
  db: DbOrTx,
  config: AppConfig,
  where: { role?: 'hacker' | 'mentor'; ids?: string[] },
  opts: { sendEmail: boolean } = { sendEmail: true },
): Promise<{ emailsQueued: number; announcedWithoutEmail: number }> {
  const due = await dueDecisions(db, where, { lock: true });
  const settingsRow = await readSettings(db);
  const offerDue = newOfferDueAt(
    new Date(),
    capacitySettingsOf(settingsRow).offer_days,
    config.event.timeZone,
  );
  let emailsQueued = 0;
  let announcedWithoutEmail = 0;
  if (opts.sendEmail) {
    emailsQueued = await queue(
      db,
      config,
      due,
      (r) => `decision_${r.status}` as EmailTemplateKey,
      decisionDedupeKey,
      undefined,
      // An acceptance names the offer's own deadline where it has one.
      (r) =>
        r.status === 'accepted' ? (offerDueAt(offerDue, settingsRow.rsvpDeadline) ?? undefined) : undefined,
    );
  } else {
    // Counted as the preview counts e-mails, so "N e-mails will be sent" and this agree.
    announcedWithoutEmail = (await notQueuedYet(db, due)).length;
  }
  await markAnnounced(db, due, offerDue);
  return { emailsQueued, announcedWithoutEmail };
}

/** Queues the decision e-mails not sent yet (see announceDecisions); answers how many. */
export async function queueDecisionEmails(
  db: DbOrTx,
  config: AppConfig,
  where: { role?: 'hacker' | 'mentor'; ids?: string[] },
): Promise<number> {
  return (await announceDecisions(db, config, where)).emailsQueued;
}

export interface DecisionEmailsPreview {
  emails: number;
  emailCounts: Record<Decided, number>;
  samples: {
    template: `decision_${Decided}`;
    status: Decided;
    recipient: { name: string; email: string };
    subject: string;
    text: string;
    html: string;
  }[];
}

/**
 * What announceDecisions would queue for a role now, from the same query, keys and renderer:
 * the count per decision, and each template rendered for the first applicant who would get it.
 */
export async function previewDecisionEmails(
  db: DbOrTx,
  config: AppConfig,
  role: 'hacker' | 'mentor',
): Promise<DecisionEmailsPreview> {
  const toSend = await notQueuedYet(db, await dueDecisions(db, { role }, { lock: false }));
  const render = await renderer(db, config);
  const emailCounts = { accepted: 0, waitlisted: 0, rejected: 0 };
  for (const r of toSend) emailCounts[r.status] += 1;
  const samples: DecisionEmailsPreview['samples'] = [];
  for (const status of DECIDED) {
    const r = toSend.find((d) => d.status === status);
    if (!r) continue;
    const template = `decision_${status}` as const;
    samples.push({
      template,
      status,
      recipient: { name: `${r.firstName} ${r.lastName}`, email: r.email },
      ...render(template, r.firstName),
    });
  }
  return { emails: toSend.length, emailCounts, samples };
}

/** After a status change: announce it at once if that role's decisions are already released. */
export async function queueDecisionEmailsIfReleased(
  db: DbOrTx,
  config: AppConfig,
  ids: string[],
): Promise<void> {
  if (!ids.length) return;
  for (const role of releasedRoles(await readSettings(db)))
    await queueDecisionEmails(db, config, { role, ids });
}

export async function queueApplicationReceived(db: DbOrTx, config: AppConfig, app: Recipient): Promise<void> {
  await queue(
    db,
    config,
    [app],
    () => 'application_received',
    (r) => `received:${r.id}`,
  );
}

/** The RSVP confirmation; attendees also get their check-in QR code (an image our server renders). */
export async function queueRsvpRecorded(
  db: DbOrTx,
  config: AppConfig,
  app: Recipient,
  qrToken?: string,
): Promise<void> {
  const qrUrl = qrToken ? `${config.publicUrl}/api/checkin/qr/${qrToken}` : undefined;
  // The pass page keeps the code on the phone for a venue without signal, and prints it as a PDF.
  const passUrl = `${config.publicUrl}/pass`;
  await queue(
    db,
    config,
    [app],
    () => 'rsvp_recorded',
    (r) => `rsvp:${r.id}:${Date.now()}`,
    qrUrl
      ? {
          text: `Your check-in code (show it at the door; it is also on your dashboard): ${qrUrl}\n\nSave your pass to your phone (it works offline once opened) or print it: ${passUrl}`,
          html: `<p>Your check-in code: show it at the door (it is also on your dashboard).</p><p><img src="${escapeHtml(qrUrl)}" width="240" height="240" alt="Your check-in QR code"></p><p><a href="${escapeHtml(passUrl)}">Save my pass</a>: it works offline once opened, and prints as a PDF.</p>`,
        }
      : undefined,
  );
}

/**
 * "Your offer has expired", naming the deadline that passed. Keyed by the application and that
 * deadline: the expiry job never mails the same expiry twice, even when run again after a crash.
 */
export async function queueOfferExpired(
  db: DbOrTx,
  config: AppConfig,
  expired: (Recipient & { dueAt: Date })[],
): Promise<number> {
  const byDue = new Map<number, (Recipient & { dueAt: Date })[]>();
  for (const r of expired) byDue.set(r.dueAt.getTime(), [...(byDue.get(r.dueAt.getTime()) ?? []), r]);
  let queued = 0;
  for (const [due, group] of byDue) {
    queued += await queue(
      db,
      config,
      group,
      () => 'offer_expired',
      (r) => `offer-expired:${r.id}:${due}`,
      undefined,
      () => new Date(due),
    );
  }
  return queued;
}
