/** The applicant's draft: what the form has saved so far, before it is submitted. */
import { eq, sql } from 'drizzle-orm';
import type { DraftBody } from '@lanyard/shared/application';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import type { Db, DbOrTx } from '../../db/client';
import { applicationDrafts, applications } from '../../db/schema/index';
import { errors } from '../../errors';
import type { SessionUser } from '../../lib/session-user';
import { mayApplyAs, mayChangeAnswers } from '../../policies/applications';
import { questionsForApplicant } from '../custom-questions/answers';
import { findUpload, toUploadedFile } from '../uploads/service';
import { ALREADY_APPLIED, resolveResume } from './service';

/**
 * The applicant's draft. Given the questions (GET, once per form load), it carries the role's custom
 * questions as this applicant is held to them, so the form asks what the submit will check.
 */
export async function getDraft(db: DbOrTx, userId: string, questions?: readonly CustomQuestion[]) {
  const [row] = await db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, userId));
  if (!row) return null;
  const held = questions && (await questionsForApplicant(db, questions, row.role, row.createdAt));
  const resume = row.resumeUploadId ? await findUpload(db, row.resumeUploadId) : undefined;
  return {
    role: row.role,
    answers: row.answers as Record<string, unknown>,
    resume: resume ? toUploadedFile(resume) : null,
    updated_at: row.updatedAt.toISOString(),
    ...(held?.length ? { custom_questions: held } : {}),
  };
}

export async function saveDraft(db: Db, user: SessionUser, body: DraftBody) {
  if (!mayApplyAs(user.role, body.role))
    throw errors.forbidden('This draft is for another kind of application.', 'wrong_role');
  return db.transaction(async (tx) => {
    const submitted = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.userId, user.id));
    if (!mayChangeAnswers(submitted.length > 0)) throw errors.conflict(ALREADY_APPLIED, 'already_applied');
    const resume = await resolveResume(tx, user, body.resume_url);
    const values = {
      role: body.role,
      answers: body.answers,
      updatedAt: new Date(),
      ...(body.resume_url !== undefined ? { resumeUploadId: resume?.id ?? null } : {}),
      clientTab: body.client_tab ?? null,
      clientSeq: body.client_seq ?? null,
    };
    await tx
      .insert(applicationDrafts)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({
        target: applicationDrafts.userId,
        set: values,
        // An older save of the page that saved last, landing late, changes nothing. A save without
        // a page (a client from before migration 0036) always applies.
        setWhere: sql`not coalesce(${applicationDrafts.clientTab} = excluded.client_tab
          and ${applicationDrafts.clientSeq} > excluded.client_seq, false)`,
      });
    return getDraft(tx, user.id);
  });
}
