import { and, count, eq, inArray } from 'drizzle-orm';
import type { DecisionCounts, DecisionsPreview, DecisionsResult } from '@lanyard/shared/admin';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { Db, DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/index';
import { lockSettings, readSettings, writeSettings } from '../../db/settings';
import { decisionsReleased, releaseFlagPatch } from '../../policies/decisions';
import { audit, type AuditActor } from '../../lib/audit';
import type { AppConfig } from '../../config';
import { announceDecisions, previewDecisionEmails } from '../email/notify';

const FINALIZED = ['accepted', 'waitlisted', 'rejected'] as const;

/** Finalized decisions of one role, per decision: who sees a decision once the role is released. */
async function decisionCounts(
  db: DbOrTx,
  role: ApplicantRole,
): Promise<{ total: number; counts: DecisionCounts }> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(and(eq(applications.role, role), inArray(applications.status, [...FINALIZED])))
    .groupBy(applications.status);
  const counts: DecisionCounts = { accepted: 0, waitlisted: 0, rejected: 0 };
  for (const r of rows) counts[r.status as keyof DecisionCounts] = r.n;
  return { total: counts.accepted + counts.waitlisted + counts.rejected, counts };
}

async function isReleased(db: DbOrTx, role: ApplicantRole): Promise<boolean> {
  return decisionsReleased(await readSettings(db), role);
}

/**
 * What releasing a role's decisions would do now. The counts and e-mails come from the queries the
 * release itself runs, so the dialog and the release agree unless a decision changes in between
 * (the release then reports what it did).
 */
export async function previewRelease(
  db: Db,
  role: ApplicantRole,
  config: AppConfig,
): Promise<DecisionsPreview> {
  // One snapshot, so the counts and the e-mails describe the same moment.
  return db.transaction(
    async (tx) => {
      const [released, { total, counts }, mail] = [
        await isReleased(tx, role),
        await decisionCounts(tx, role),
        await previewDecisionEmails(tx, config, role),
      ];
      return {
        role,
        released,
        applicants: total,
        counts,
        emails: mail.emails,
        email_counts: mail.emailCounts,
        samples: mail.samples,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Release or unrelease one role's decisions, in one transaction; answers (and audits) what it did:
 * how many applicants see a decision, per decision, and how many e-mails were queued. A release
 * without e-mail marks the decisions as announced and queues nothing.
 */
export async function setDecisionsReleased(
  db: Db,
  actor: AuditActor,
  role: ApplicantRole,
  released: boolean,
  config: AppConfig,
  opts: { sendEmail: boolean } = { sendEmail: true },
): Promise<DecisionsResult> {
  return db.transaction(async (tx) => {
    const before = decisionsReleased(await lockSettings(tx), role);
    await writeSettings(tx, releaseFlagPatch(role, released));
    // The e-mails are queued with the release (the outbox worker sends them in the background).
    const { emailsQueued, announcedWithoutEmail } = released
      ? await announceDecisions(tx, config, { role }, { sendEmail: opts.sendEmail })
      : { emailsQueued: 0, announcedWithoutEmail: 0 };
    // Counted after announceDecisions has locked the due rows: the numbers describe this release.
    const { total, counts } = await decisionCounts(tx, role);
    await audit(tx, actor, {
      action: released ? 'decisions.release' : 'decisions.unrelease',
      targetType: 'decisions',
      targetId: role,
      before: { released: before },
      after: released
        ? {
            released,
            send_email: opts.sendEmail,
            applicants: total,
            counts,
            emails_queued: emailsQueued,
            announced_without_email: announcedWithoutEmail,
          }
        : { released, applicants: total, counts },
    });
    return {
      role,
      released,
      affected: total,
      counts,
      emails_queued: emailsQueued,
      announced_without_email: announcedWithoutEmail,
    };
  });
}
