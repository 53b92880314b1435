/**
 * The applicant's consent to sharing with sponsors (issue 21): given on the form (the recruitment
 * question, unticked), changed from the dashboard at any time. The answer on the application is the
 * one the resume book reads (policies/privacy.ts), so a withdrawal counts from the next read; every
 * change is kept in consent_events with the wording version it was made under.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { ConsentSource, ConsentState, PrivacyConfig } from '@lanyard/shared/privacy';
import type { Db, DbOrTx } from '../../db/client';
import { applications, consentEvents } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { isConsentChange } from '../../policies/privacy';

/** Records a consent answer on a new application (submit), in the submit's transaction. */
export async function recordConsentAtSubmit(
  tx: DbOrTx,
  app: { id: string; userId: string; sponsorConsent: boolean },
  privacy: PrivacyConfig,
): Promise<void> {
  // Unticked is no consent, not a withdrawal: only a "yes" is an event worth recording.
  if (!app.sponsorConsent) return;
  await tx.insert(consentEvents).values({
    userId: app.userId,
    applicationId: app.id,
    kind: 'sponsor_sharing',
    given: true,
    version: privacy.sponsorConsentVersion,
    source: 'application',
  });
}

export async function consentState(db: Db, userId: string, privacy: PrivacyConfig): Promise<ConsentState> {
  const [[app], history] = await Promise.all([
    db
      .select({ consent: applications.sponsorConsent, at: applications.sponsorConsentAt })
      .from(applications)
      .where(eq(applications.userId, userId)),
    db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
      .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id))
      .limit(200),
  ]);
  return {
    has_application: app !== undefined,
    sponsor_consent: app?.consent ?? false,
    sponsor_consent_at: app?.at?.toISOString() ?? null,
    version: history.find((h) => h.kind === 'sponsor_sharing')?.version ?? null,
    current_version: privacy.sponsorConsentVersion,
    history: history.map((h) => ({
      kind: h.kind,
      given: h.given,
      version: h.version,
      source: h.source,
      at: h.createdAt.toISOString(),
    })),
  };
}

/**
 * Gives or withdraws the consent now. The answers record follows (its recruitmentEmails answer is
 * the same question), so the CSV and the admin view never disagree with what sponsors see.
 */
export async function setConsent(
  db: Db,
  actor: AuditActor,
  userId: string,
  given: boolean,
  privacy: PrivacyConfig,
  source: ConsentSource = 'dashboard',
): Promise<ConsentState> {
  await db.transaction(async (tx) => {
    const [app] = await tx
      .select({ id: applications.id, consent: applications.sponsorConsent })
      .from(applications)
      .where(eq(applications.userId, userId))
      .for('update');
    if (!app) throw errors.notFound('You have no application to share.', 'no_application');
    if (!isConsentChange(app.consent, given)) return;
    const now = new Date();
    await tx
      .update(applications)
      .set({
        sponsorConsent: given,
        sponsorConsentAt: now,
        answers: sql`jsonb_set(${applications.answers}, '{recruitmentEmails}', ${JSON.stringify(given)}::jsonb)`,
        updatedAt: now,
      })
      .where(eq(applications.id, app.id));
    await tx.insert(consentEvents).values({
      userId,
      applicationId: app.id,
      kind: 'sponsor_sharing',
      given,
      version: privacy.sponsorConsentVersion,
      source,
      createdAt: now,
    });
    // Also in the audit log, beside the organisers' actions; a later deletion scrubs it like the rest.
    await audit(tx, actor, {
      action: 'privacy.consent',
      targetType: 'user',
      targetId: userId,
      before: { given: app.consent },
      after: { given, version: privacy.sponsorConsentVersion },
    });
  });
  return consentState(db, userId, privacy);
}
