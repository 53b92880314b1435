import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { EmailTemplateKey } from '@lanyard/shared/email';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { applications, emailOutbox, settings } from '../../db/schema/index';
import { loadTemplates, renderTemplate, templateValues } from './catalog';
import { escapeHtml } from './templates';

type Recipient = { id: string; email: string; firstName: string; status: string; decidedAt?: Date | null };

async function rsvpDeadline(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select({ d: settings.rsvpDeadline }).from(settings).where(eq(settings.id, 1));
  return row?.d ?? null;
}

/** Renders one template for many recipients and queues them in batches, each at most once. */
async function queue(
  db: DbOrTx,
  config: AppConfig,
  recipients: Recipient[],
  keyOf: (r: Recipient) => EmailTemplateKey,
  dedupeOf: (r: Recipient) => string,
  /** Text and HTML added after the template's own words (e.g. the check-in code). */
  extra?: { text: string; html: string },
): Promise<void> {
  if (!recipients.length) return;
  const [templates, deadline] = await Promise.all([loadTemplates(db), rsvpDeadline(db)]);
  for (let i = 0; i < recipients.length; i += 1000) {
    const rows = recipients.slice(i, i + 1000).map((r) => {
      const key = keyOf(r);
      const mail = renderTemplate(
        templates[key],
        templateValues(config.event, config.publicUrl, r.firstName, deadline),
        config.event.brandColor,
      );
      return {
        toAddress: r.email,
        subject: mail.subject,
        textBody: extra ? `${mail.text}\n\n${extra.text}` : mail.text,
        htmlBody: extra ? mail.html.replace('</body>', `${extra.html}</body>`) : mail.html,
        kind: key,
        dedupeKey: dedupeOf(r),
      };
    });
    await db.insert(emailOutbox).values(rows).onConflictDoNothing();
  }
}

const DECIDED = ['accepted', 'waitlisted', 'rejected'] as const;

/**
 * Queues one decision e-mail per applicant whose finalized decision has not been announced yet.
 * The dedupe key names the decision, so unrelease and re-release never send the same one twice,
 * while a changed decision is announced again.
 */
export async function queueDecisionEmails(
  db: DbOrTx,
  config: AppConfig,
  where: { role?: 'hacker' | 'mentor'; ids?: string[] },
): Promise<number> {
  const due = await db
    .select({
      id: applications.id,
      email: applications.email,
      firstName: applications.firstName,
      status: applications.status,
      decidedAt: applications.decidedAt,
    })
    .from(applications)
    .where(
      and(
        where.role ? eq(applications.role, where.role) : undefined,
        where.ids ? inArray(applications.id, where.ids) : undefined,
        inArray(applications.status, [...DECIDED]),
        sql`${applications.decisionNotifiedStatus} is distinct from ${applications.status}`,
      ),
    )
    // Locked (in id order, as setStatuses does) so a decision cannot change between the e-mail
    // and the mark: a concurrent change waits and is then announced itself.
    .orderBy(asc(applications.id))
    .for('update');
  await queue(
    db,
    config,
    due,
    (r) => `decision_${r.status}` as EmailTemplateKey,
    // Keyed by the decision and when it was made: a race never doubles it, a later change is new.
    (r) => `decision:${r.id}:${r.status}:${r.decidedAt?.getTime() ?? 0}`,
  );
  if (due.length) {
    await db
      .update(applications)
      .set({ decisionNotifiedStatus: sql`${applications.status}` })
      .where(
        and(
          // One array parameter, however many applicants: an IN list stops at 65,535 parameters.
          sql`${applications.id} = any(${sql.param(due.map((d) => d.id))}::uuid[])`,
          isNotNull(applications.status),
        ),
      );
  }
  return due.length;
}

/** After a status change: announce it at once if that role's decisions are already released. */
export async function queueDecisionEmailsIfReleased(
  db: DbOrTx,
  config: AppConfig,
  ids: string[],
): Promise<void> {
  if (!ids.length) return;
  const [s] = await db.select().from(settings).where(eq(settings.id, 1));
  const roles = [
    s?.hackerDecisionsReleased ? 'hacker' : null,
    s?.mentorDecisionsReleased ? 'mentor' : null,
  ].filter((r): r is 'hacker' | 'mentor' => r !== null);
  for (const role of roles) await queueDecisionEmails(db, config, { role, ids });
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
  await queue(
    db,
    config,
    [app],
    () => 'rsvp_recorded',
    (r) => `rsvp:${r.id}:${Date.now()}`,
    qrUrl
      ? {
          text: `Your check-in code (show it at the door; it is also on your dashboard): ${qrUrl}`,
          html: `<p>Your check-in code: show it at the door (it is also on your dashboard).</p><p><img src="${escapeHtml(qrUrl)}" width="240" height="240" alt="Your check-in QR code"></p>`,
        }
      : undefined,
  );
}
