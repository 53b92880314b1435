import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_EMAIL_MESSAGE,
  type HackerAnswers,
  type MentorAnswers,
  type MyApplication,
} from '@lanyard/shared/application';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import type { Db, DbOrTx } from '../../db/client';
import {
  applicationDrafts,
  applications,
  settings as settingsTable,
  uploads,
  users,
} from '../../db/schema/index';
import { readSettings, SETTINGS_ROW, shareSettings } from '../../db/settings';
import {
  facesApplicationWindow,
  mayApplyAs,
  mayChangeAnswers,
  maySubmit,
  resumeRequired,
} from '../../policies/applications';
import { decisionsReleased, visibleStatus, type ReleaseFlags } from '../../policies/decisions';
import { offerView } from '../../policies/offers';
import { AppError, errors } from '../../errors';
import { isValidAccessCode, windowOf } from '../settings/service';
import { findOwnUpload, findUpload, toUploadedFile, uploadIdFromUrl } from '../uploads/service';
import type { SessionUser } from '../../lib/session-user';
import type { AppConfig } from '../../config';
import { recordConsentAtSubmit } from '../privacy/consent';
import { queueApplicationReceived } from '../email/notify';
import { isUniqueViolation } from '../../lib/pg-errors';
import { columnsOf } from './columns';
import { readAllQuestions, readQuestionsCached, type QuestionsCache } from '../custom-questions/store';
import {
  checkedCustomAnswers,
  customAnswersInWords,
  questionsForApplicant,
} from '../custom-questions/answers';

type ApplicationRow = typeof applications.$inferSelect;

/** The application columns the applicant's own view shows. */
const myApplicationColumns = {
  id: applications.id,
  role: applications.role,
  status: applications.status,
  email: applications.email,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
  answers: applications.answers,
  customAnswers: applications.customAnswers,
  resumeUploadId: applications.resumeUploadId,
  rsvpStatus: applications.rsvpStatus,
  rsvpDueAt: applications.rsvpDueAt,
  rsvpExpiredAt: applications.rsvpExpiredAt,
  preferredName: applications.preferredName,
  schoolName: applications.schoolName,
  pronoun: applications.pronoun,
  decidedAt: applications.decidedAt,
  celebratedStatus: applications.celebratedStatus,
  celebratedDecidedAt: applications.celebratedDecidedAt,
};

/**
 * Whether the dashboard has celebrated the decision now shown: a released acceptance whose status
 * and time match the one marked. Before release it is always false, so nothing an admin does
 * moves a byte of the applicant's view (decision-privacy.test.ts).
 */
function celebratedNow(
  row: Pick<ApplicationRow, 'status' | 'decidedAt' | 'celebratedStatus' | 'celebratedDecidedAt'>,
  released: boolean,
): boolean {
  return (
    released &&
    row.status === 'accepted' &&
    row.celebratedStatus === row.status &&
    (row.celebratedDecidedAt?.getTime() ?? null) === (row.decidedAt?.getTime() ?? null)
  );
}

export async function toMyApplication(
  db: DbOrTx,
  row: Pick<ApplicationRow, keyof typeof myApplicationColumns>,
  settings?: ReleaseFlags & { rsvpDeadline: Date | null },
  loaded?: { resume: typeof uploads.$inferSelect | null; questions?: readonly CustomQuestion[] },
  now = new Date(),
): Promise<MyApplication> {
  const s = settings ?? (await readSettings(db));
  const released = decisionsReleased(s, row.role);

  const resume = loaded
    ? loaded.resume
    : row.resumeUploadId
      ? await findUpload(db, row.resumeUploadId)
      : undefined;
  return {
    _id: row.id,
    role: row.role,
    status: visibleStatus(row, s),
    under_review: !released,
    decisions_released: released,
    email: row.email,
    submitted_at: row.submittedAt.toISOString(),
    // An admin's decision bumps updated_at: until release, the time shown is the applicant's own
    // (nothing but the submission writes the row before then), so no byte of the view moves.
    updated_at: (released ? row.updatedAt : row.submittedAt).toISOString(),
    resume: resume ? toUploadedFile(resume) : null,
    answers: row.answers as Record<string, unknown>,
    rsvp_status: released ? row.rsvpStatus : null,
    ...(released ? { offer: offerView(row, s.rsvpDeadline, now) } : {}),
    rsvp_details:
      released && row.rsvpStatus === 'accepted'
        ? { preferred_name: row.preferredName, school_name: row.schoolName, pronoun: row.pronoun }
        : null,
    celebrated: celebratedNow(row, released),
    custom: await customAnswersInWords(db, row, loaded?.questions),
  };
}

/**
 * The dashboard polls this every 30 s for every applicant, so it is one prepared query (application,
 * resume and release flags together) rather than three round trips, each built and planned anew.
 */
const myApplicationQueries = new WeakMap<Db, ReturnType<typeof prepareMyApplication>>();
function prepareMyApplication(db: Db) {
  return db
    .select({
      application: myApplicationColumns,
      resume: uploads,
      hackerDecisionsReleased: settingsTable.hackerDecisionsReleased,
      mentorDecisionsReleased: settingsTable.mentorDecisionsReleased,
      rsvpDeadline: settingsTable.rsvpDeadline,
    })
    .from(applications)
    .leftJoin(uploads, eq(uploads.id, applications.resumeUploadId))
    .leftJoin(settingsTable, SETTINGS_ROW)
    .where(eq(applications.userId, sql.placeholder('userId')))
    .prepare('my_application');
}

export async function getMyApplication(
  db: Db,
  userId: string,
  cache?: QuestionsCache,
): Promise<MyApplication | null> {
  let query = myApplicationQueries.get(db);
  if (!query) myApplicationQueries.set(db, (query = prepareMyApplication(db)));
  const [row] = await query.execute({ userId });
  if (!row) return null;
  // Without a settings row the join finds none: the accessor then answers as for every reader.
  const flags =
    row.hackerDecisionsReleased === null || row.mentorDecisionsReleased === null
      ? undefined
      : {
          hackerDecisionsReleased: row.hackerDecisionsReleased,
          mentorDecisionsReleased: row.mentorDecisionsReleased,
          rsvpDeadline: row.rsvpDeadline,
        };
  const questions = Object.keys(row.application.customAnswers as object).length
    ? await readQuestionsCached(db, cache)
    : [];
  return toMyApplication(db, row.application, flags, { resume: row.resume, questions });
}

/** The resume the applicant submitted with their application, if any. */
export async function ownResumeUploadId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ resumeUploadId: applications.resumeUploadId })
    .from(applications)
    .where(eq(applications.userId, userId));
  return row?.resumeUploadId ?? null;
}

/**
 * Marks the applicant's released acceptance as celebrated, so no device celebrates it again. Only
 * the caller's own row, only a released acceptance: before release every applicant gets the same
 * refusal whatever the hidden decision, and nothing is written. Marking twice writes nothing.
 */
export async function markCelebrated(db: Db, userId: string): Promise<MyApplication> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select(myApplicationColumns)
      .from(applications)
      .where(eq(applications.userId, userId))
      .for('update');
    if (!current) throw errors.notFound('You have no application.', 'no_application');
    const settings = await readSettings(tx);
    if (!decisionsReleased(settings, current.role) || current.status !== 'accepted') {
      throw errors.conflict('There is no released acceptance to celebrate.', 'nothing_to_celebrate');
    }
    if (celebratedNow(current, true)) return { current, settings };
    // Not updated_at: celebrating changes nothing about the application itself.
    const [updated] = await tx
      .update(applications)
      .set({ celebratedStatus: current.status, celebratedDecidedAt: current.decidedAt })
      .where(eq(applications.id, current.id))
      .returning(myApplicationColumns);
    return { current: updated!, settings };
  });
  return toMyApplication(db, row.current, row.settings);
}

export async function resolveResume(db: DbOrTx, user: SessionUser, resumeUrl: string | undefined | null) {
  if (!resumeUrl) return undefined;
  const id = uploadIdFromUrl(resumeUrl);
  const row = id ? await findOwnUpload(db, user.id, id, 'resume') : undefined;
  // Someone else's file, or one that is gone, is refused the same way: no hint that it exists.
  if (!row)
    throw errors.badRequest(
      'resume_url: upload your resume again; that file was not found.',
      'invalid_resume',
    );
  return row;
}

export const ALREADY_APPLIED =
  'You have already submitted an application. Responses cannot be edited after submission.';

export const EMAIL_UNVERIFIED =
  'Please verify your email address before you submit. Open the link we emailed you, or choose "Resend verification email" on your dashboard to get a new one. Your answers are kept.';

/**
 * Anyone may register any address, so a submission (which makes the portal mail that address) waits
 * until its owner has proved it. The session may be older than the verification (the link opened in
 * another tab or device), so a session that says "unverified" is checked against the database.
 */
async function requireVerifiedEmail(db: DbOrTx, user: SessionUser): Promise<void> {
  if (maySubmit(user)) return;
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, user.id));
  if (!maySubmit({ emailVerified: Boolean(row?.verifiedAt) }))
    throw errors.forbidden(EMAIL_UNVERIFIED, 'email_unverified');
}

/**
 * Stores a submission. One transaction: the window is checked against the server's clock with the
 * settings row locked for share, the application row points at an upload already durable on disk,
 * and the draft is removed. The unique index on user_id makes a double submit end in one row.
 */
export async function submitApplication(
  db: Db,
  user: SessionUser,
  role: ApplicantRole,
  body: (HackerAnswers | MentorAnswers) & {
    resume_url?: string;
    access_code?: string;
    email?: string;
    custom?: Record<string, unknown>;
  },
  config: AppConfig,
  now = new Date(),
): Promise<MyApplication> {
  if (!mayApplyAs(user.role, role)) {
    throw errors.forbidden(
      `Your account is registered as a ${user.role === 'mentor' ? 'mentor' : 'hacker'}: use the ${user.role} application.`,
      'wrong_role',
    );
  }
  const { resume_url: resumeUrl, access_code: accessCode, email, custom, ...answers } = body;
  if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
    throw errors.badRequest(`email: ${ACCOUNT_EMAIL_MESSAGE}`, 'validation_error');
  }
  await requireVerifiedEmail(db, user);
  try {
    return await db.transaction(async (tx) => {
      // A settings change (deadline, codes) waits for submissions in flight, and they see one state.
      const settings = await shareSettings(tx);
      let codeUsed: string | null = null;
      if (facesApplicationWindow(role)) {
        const window = windowOf(settings, now);
        if (window.status === 'closed') {
          throw new AppError(
            403,
            'applications_closed',
            'Applications are closed. The deadline has passed and late applications are not being accepted.',
          );
        }
        if (window.codeRequired) {
          if (!accessCode?.trim())
            throw new AppError(403, 'access_code_required', 'An access code is required to apply now.');
          if (!(await isValidAccessCode(tx, accessCode))) {
            throw new AppError(403, 'invalid_access_code', 'That access code is not valid.');
          }
          codeUsed = accessCode.trim().toUpperCase();
        }
      }
      const existing = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.userId, user.id));
      if (!mayChangeAnswers(existing.length > 0)) throw errors.conflict(ALREADY_APPLIED, 'already_applied');
      const resume = await resolveResume(tx, user, resumeUrl);
      if (resumeRequired(role) && !resume)
        throw errors.badRequest('resume_url: Resume is required', 'validation_error');
      // Read after the settings are held: a question deleted meanwhile (deleteQuestion locks them)
      // is gone here, so no answer to it can be stored.
      const questions = await readAllQuestions(tx);
      const [draft] = await tx
        .select({ createdAt: applicationDrafts.createdAt })
        .from(applicationDrafts)
        .where(eq(applicationDrafts.userId, user.id));
      const held = await questionsForApplicant(tx, questions, role, draft?.createdAt ?? now);
      const customAnswers = checkedCustomAnswers(held, role, answers, custom ?? {});

      const [row] = await tx
        .insert(applications)
        .values({
          userId: user.id,
          role,
          status: 'pending',
          email: user.email,
          ...columnsOf(role, answers),
          answers,
          customAnswers,
          sponsorConsent: (answers as { recruitmentEmails?: unknown }).recruitmentEmails === true,
          sponsorConsentAt: now,
          resumeUploadId: resume?.id ?? null,
          accessCodeUsed: codeUsed,
          // Started when the draft was first saved (never after the submission itself); the
          // submission is the start when the form was sent without a draft.
          startedAt: sql`least((select d.created_at from application_drafts d where d.user_id = ${user.id}),
                               ${now.toISOString()}::timestamptz)`,
          submittedAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.delete(applicationDrafts).where(eq(applicationDrafts.userId, user.id));
      await recordConsentAtSubmit(tx, row!, config.event.privacy);
      await queueApplicationReceived(tx, config, {
        id: row!.id,
        email: row!.email,
        firstName: row!.firstName,
        status: row!.status,
      });
      return toMyApplication(tx, row!, settings, { resume: resume ?? null, questions });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(ALREADY_APPLIED, 'already_applied');
    throw err;
  }
}
