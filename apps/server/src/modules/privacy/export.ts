/**
 * "Download my data" (issue 21): everything Lanyard holds about one account, as one zip. Every
 * query here is keyed by that account's id (or its own application's and check-in record's ids),
 * never by a name, so another person's rows cannot come along: two applicants may share a name,
 * never an id. The audit log is left out: its rows are the organisers' record of what staff did,
 * and hold other people (the staff member, bulk filters); what it says about this person is
 * already here as the rows it describes.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { PrivacyConfig } from '@lanyard/shared/privacy';
import { adminAnswerSections } from '@lanyard/shared/questions/display';
import type { Db } from '../../db/client';
import {
  applicationDrafts,
  applications,
  checkinRecords,
  emailOutbox,
  scans,
  sessions,
  stations,
  uploads,
  users,
} from '../../db/schema/index';
import { errors } from '../../errors';
import type { Storage } from '../../lib/storage';
import { toMyApplication } from '../applications/service';
import { consentState } from './consent';
import { summaryHtml } from './export-html';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The archive's parts, as JSON-ready objects; the resume files are listed by their storage keys. */
export async function collectPersonalData(db: Db, userId: string, privacy: PrivacyConfig) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw errors.notFound('User not found.');
  const [[app], [draft], sessionRows, files, consent] = await Promise.all([
    db.select().from(applications).where(eq(applications.userId, userId)),
    db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)).limit(500),
    db.select().from(uploads).where(eq(uploads.ownerId, userId)).orderBy(asc(uploads.createdAt)),
    consentState(db, userId, privacy),
  ]);
  const [record] = app
    ? await db.select().from(checkinRecords).where(eq(checkinRecords.applicationId, app.id))
    : [];
  const scanRows = app
    ? await db
        .select({
          station: stations.name,
          kind: stations.kind,
          scannedAt: scans.scannedAt,
          outcome: scans.outcome,
          reason: scans.reason,
          undoneAt: scans.undoneAt,
        })
        .from(scans)
        .innerJoin(stations, eq(stations.id, scans.stationId))
        .where(
          record
            ? or(eq(scans.applicationId, app.id), eq(scans.recordId, record.id))
            : eq(scans.applicationId, app.id),
        )
        .orderBy(asc(scans.scannedAt))
    : [];
  // Mail to this account: its link-bearing messages, and any sent to its address (the application's
  // e-mail is the account's; both are matched in case an admin changed one of them).
  const addresses = [...new Set([user.email, app?.email].filter((e): e is string => !!e))].map((e) =>
    e.toLowerCase(),
  );
  const mail = await db
    .select()
    .from(emailOutbox)
    .where(
      or(
        eq(emailOutbox.userId, userId),
        sql`lower(${emailOutbox.toAddress}) = any(${sql.param(addresses)}::text[])`,
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(2000);

  // The application as the applicant's own dashboard shows it: a decision not yet released stays
  // "submitted" here too (hidden decisions are a rule of the portal, QUALITY.md Security #9).
  const view = app ? await toMyApplication(db, app) : null;
  const answers = app ? adminAnswerSections(app.role, app.answers as Record<string, unknown>) : null;
  return {
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      created_at: iso(user.createdAt),
      email_verified_at: iso(user.emailVerifiedAt),
      last_login_at: iso(user.lastLoginAt),
      sessions: sessionRows.map((s) => ({
        created_at: iso(s.createdAt),
        last_seen_at: iso(s.lastSeenAt),
        expires_at: iso(s.expiresAt),
        revoked_at: iso(s.revokedAt),
        user_agent: s.userAgent,
        ip: s.ip,
      })),
    },
    application: view && {
      ...view,
      answers_in_words:
        answers &&
        [...answers.essays, ...answers.fields].map(({ label, value }) => ({
          question: label,
          answer: value,
        })),
      phone: app!.phone,
      access_code_used: app!.accessCodeUsed,
      started_at: iso(app!.startedAt),
    },
    draft: draft ? { role: draft.role, answers: draft.answers, updated_at: iso(draft.updatedAt) } : null,
    rsvp:
      view && view.rsvp_status
        ? {
            status: app!.rsvpStatus,
            at: iso(app!.rsvpAt),
            preferred_name: app!.preferredName,
            school_name: app!.schoolName,
            pronoun: app!.pronoun,
            linkedin_url: app!.linkedinUrl,
            github_url: app!.githubUrl,
            liability_waiver_accepted: app!.liabilityWaiverAccepted,
            photo_clearance_accepted: app!.photoClearanceAccepted,
            photo_sharing_opt_out: app!.photoSharingOptOut,
          }
        : null,
    checkin: record
      ? {
          checked_in: record.checkedIn,
          checked_in_at: iso(record.checkedInAt),
          name: `${record.firstName} ${record.lastName}`,
          preferred_name: record.preferredName,
          email: record.email,
          phone: record.phone,
          school: record.schoolName,
          role: record.role,
          pronoun: record.pronoun,
          shirt_size: record.shirtSize,
        }
      : null,
    // Who scanned is a volunteer's identity, not this person's: the station and time are theirs.
    scans: scanRows.map((s) => ({
      station: s.station,
      kind: s.kind,
      scanned_at: iso(s.scannedAt),
      outcome: s.outcome,
      reason: s.reason,
      undone_at: iso(s.undoneAt),
    })),
    emails: mail.map((m) => ({
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      queued_at: iso(m.createdAt),
      sent_at: iso(m.sentAt),
    })),
    consent,
    files: files.map((f, i) => ({
      key: f.storageKey,
      entry: `files/${f.purpose === 'resume' ? 'resume' : 'file'}-${i + 1}${f.storageKey.slice(f.storageKey.lastIndexOf('.'))}`,
      uploaded_at: iso(f.createdAt),
      content_type: f.contentType,
      size_bytes: f.sizeBytes,
      sha256: f.sha256,
    })),
  };
}
export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/**
 * The archive: one JSON file per part, a short HTML summary, and the uploaded files under names
 * the server makes (never the uploaded file's own name). The files are streamed from storage.
 */
export async function personalDataZip(
  db: Db,
  storage: Storage,
  userId: string,
  event: { name: string; privacy: PrivacyConfig },
): Promise<yazl.ZipFile['outputStream']> {
  const data = await collectPersonalData(db, userId, event.privacy);
  const zip = new yazl.ZipFile();
  zip.addBuffer(json(data.account), 'account.json');
  zip.addBuffer(json({ application: data.application, draft: data.draft }), 'application.json');
  zip.addBuffer(json(data.rsvp), 'rsvp.json');
  zip.addBuffer(json({ record: data.checkin, scans: data.scans }), 'checkin.json');
  zip.addBuffer(json(data.emails), 'emails.json');
  zip.addBuffer(json(data.consent), 'consent.json');
  zip.addBuffer(json(data.files.map(({ key: _key, ...file }) => file)), 'files.json');
  zip.addBuffer(Buffer.from(summaryHtml(data, event.name), 'utf8'), 'summary.html');
  for (const f of data.files) {
    zip.addReadStreamLazy(f.entry, { compress: false }, (cb) => cb(null, storage.read(f.key)));
  }
  zip.end();
  return zip.outputStream;
}
