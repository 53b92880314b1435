import { and, asc, count, eq, getTableColumns, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { adminUsersQuerySchema, applicationFiltersSchema, bulkTargetBodySchema } from '@lanyard/shared/admin';
import type { Db } from '../../db/client';
import { ageOn } from '@lanyard/shared/dates';
import { applications, uploads, users } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit } from '../../lib/audit';
import { sendCsvDownload } from '../../lib/csv-download';
import { applicationFilters } from '../admin-applications/filters';
import { bulkTargetOf, checkCount, targetWhere, type BulkTarget } from '../admin-applications/targets';
import { userFilters, usersQuery } from '../admin-users/service';
import { actorOf } from '../settings/routes';
import { CSV_BOM, csvRow, exportFileName } from './csv';

const admin = { access: 'admin' as const };
const BATCH = 1000;

const usersExportQuery = adminUsersQuerySchema.omit({ page: true, limit: true });

const APPLICATION_COLUMNS = [
  'id',
  'role',
  'status',
  'first_name',
  'last_name',
  'email',
  'phone',
  'school',
  'major',
  'is_high_school',
  'high_school_year',
  'graduation_year',
  'birth_date',
  'age_on_event_day',
  'gender',
  'race',
  'shirt_size',
  'travel_from',
  'needs_visa',
  'needs_accommodation',
  'dietary_restrictions',
  'how_did_you_hear',
  'portfolio',
  'background',
  'household_object',
  'why_attend',
  'recruitment_emails',
  'guardian_name',
  'referral_name',
  'title',
  'affiliation',
  'work_email',
  'mentor_availability',
  'judge_availability',
  'workshop_interest',
  'onsite_availability',
  'expertise_areas',
  'programming_languages',
  'build_tools',
  'frameworks',
  'databases',
  'why_good_fit',
  'additional_info',
  'access_code_used',
  'resume',
  'rsvp_status',
  'preferred_name',
  'school_name',
  'pronoun',
  'linkedin_url',
  'github_url',
  'liability_waiver_accepted',
  'photo_clearance_accepted',
  'photo_sharing_opt_out',
  'submitted_at',
  'updated_at',
];

function applicationRow(r: typeof applications.$inferSelect, eventStart: string): unknown[] {
  const a = r.answers as Record<string, unknown>;
  const birth =
    r.birthYear && r.birthMonth && r.birthDay
      ? `${r.birthYear}-${String(r.birthMonth).padStart(2, '0')}-${String(r.birthDay).padStart(2, '0')}`
      : '';
  const gender = a.gender === 'other' ? `other: ${String(a.genderOther ?? '')}` : a.gender;
  const race = a.race === 'raceOther' ? `other: ${String(a.raceOther ?? '')}` : a.race;
  return [
    r.id,
    r.role,
    r.status,
    r.firstName,
    r.lastName,
    r.email,
    r.phone,
    r.school,
    r.major,
    r.isHighSchool,
    a.highSchoolYear,
    a.graduationYear,
    birth,
    birth ? ageOn(eventStart, r.birthYear!, r.birthMonth!, r.birthDay!) : '',
    gender,
    race,
    r.shirtSize,
    a.travelFrom,
    a.needsVisa,
    a.needsAccommodation,
    a.dietaryRestrictions,
    a.howDidYouHear,
    r.portfolioUrl,
    a.backgroundQuestion,
    a.householdObjectQuestion,
    a.whyAttendQuestion,
    a.recruitmentEmails,
    a.guardianName,
    a.referralName,
    a.title,
    a.affiliation,
    a.workEmail,
    a.mentorAvailability,
    a.judgeAvailability,
    a.workshopInterest,
    a.onsiteAvailability,
    a.expertiseAreas,
    a.programmingLanguages,
    a.buildTools,
    a.frameworks,
    a.databases,
    a.whyGoodFit,
    a.additionalInfo,
    r.accessCodeUsed,
    r.resumeUploadId ? 'yes' : 'no',
    r.rsvpStatus ?? 'no_response',
    r.preferredName,
    r.schoolName,
    r.pronoun,
    r.linkedinUrl,
    r.githubUrl,
    r.liabilityWaiverAccepted,
    r.photoClearanceAccepted,
    r.photoSharingOptOut,
    r.submittedAt,
    r.updatedAt,
  ];
}

/** A filesystem-safe piece of a zip entry name. */
function namePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'applicant'
  );
}

/** What an export's audit row says it exported: the ids (how many) or the filter and its count. */
function targetAudit(target: BulkTarget): Record<string, unknown> {
  if ('ids' in target) return { application_ids: [...new Set(target.ids)] };
  return { filter: target.filter, count: target.expectedCount };
}

/** Streams the applications `where` matches as CSV, oldest first. */
function sendApplicationsCsv(db: Db, reply: FastifyReply, where: SQL | undefined, eventStart: string) {
  // Keyset pages of 1,000 rows: memory stays flat whatever the number of applications.
  // The cursor keeps the database's own timestamp text: a JS Date drops the microseconds,
  // and a cursor that falls behind its own row would read the same batch forever.
  const page = (after: { at: SQL; id: string } | undefined) =>
    db
      .select({
        ...getTableColumns(applications),
        cursorAt: sql<string>`${applications.submittedAt}::text`,
      })
      .from(applications)
      .where(
        and(
          where,
          // The `>=` bound lets the submitted_at index start at the cursor; without it every
          // page scanned from the first application, and 50,000 rows took 50 growing scans.
          after && gte(applications.submittedAt, after.at),
          after &&
            or(
              gt(applications.submittedAt, after.at),
              and(eq(applications.submittedAt, after.at), gt(applications.id, after.id)),
            ),
        ),
      )
      .orderBy(asc(applications.submittedAt), asc(applications.id))
      .limit(BATCH)
      // Started now (a query builder alone runs only when awaited).
      .execute();
  async function* rows() {
    yield CSV_BOM + csvRow(APPLICATION_COLUMNS);
    let next = page(undefined);
    for (;;) {
      const batch = await next;
      if (!batch.length) return;
      const last = batch[batch.length - 1]!;
      // The next page is read while this one is formatted and sent.
      next =
        batch.length === BATCH
          ? page({ at: sql`${last.cursorAt}::timestamptz`, id: last.id })
          : Promise.resolve([] as Awaited<ReturnType<typeof page>>);
      // A download cut short leaves this read unawaited: its failure must not go unhandled.
      next.catch(() => {});
      yield batch.map((r) => csvRow(applicationRow(r, eventStart))).join('');
    }
  }
  // Each chunk is a whole page (about half a megabyte): the stream holds two, not the default 16.
  return sendCsvDownload(reply, exportFileName('applications_export'), rows(), { highWaterMark: 2 });
}

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/applications/csv',
    { config: admin, schema: { querystring: applicationFiltersSchema } },
    async (request, reply) => {
      const where = applicationFilters(request.query, app.config.event.startDate);
      await audit(app.db, actorOf(request), {
        action: 'export.applications',
        targetType: 'export',
        after: request.query,
      });
      return sendApplicationsCsv(app.db, reply, where, app.config.event.startDate);
    },
  );

  // The selection of the Applications tab: listed ids, or all a filter matches (with the count the
  // admin saw, as every bulk action by filter).
  app.post(
    '/applications/csv',
    { config: admin, schema: { body: bulkTargetBodySchema } },
    async (request, reply) => {
      const target = bulkTargetOf(request.body, app.config.event.startDate);
      const where = targetWhere(target);
      if (!('ids' in target)) {
        const [row] = await app.db.select({ n: count() }).from(applications).where(where);
        checkCount(target, row?.n ?? 0);
      }
      await audit(app.db, actorOf(request), {
        action: 'export.applications',
        targetType: 'export',
        after: targetAudit(target),
      });
      return sendApplicationsCsv(app.db, reply, where, app.config.event.startDate);
    },
  );

  app.get(
    '/users/csv',
    { config: admin, schema: { querystring: usersExportQuery } },
    async (request, reply) => {
      const where = userFilters(request.query);
      const db = app.db;
      await audit(db, actorOf(request), {
        action: 'export.users',
        targetType: 'export',
        after: request.query,
      });
      async function* rows() {
        yield (
          CSV_BOM +
          csvRow([
            'id',
            'email',
            'role',
            'application_status',
            'application_id',
            'email_verified',
            'created_at',
          ])
        );
        let afterEmail: string | undefined;
        for (;;) {
          const batch = await usersQuery(db, and(where, afterEmail ? gt(users.email, afterEmail) : undefined))
            .orderBy(asc(users.email))
            .limit(BATCH);
          if (!batch.length) return;
          yield batch
            .map((u) =>
              csvRow([
                u.id,
                u.email,
                u.role,
                u.status,
                u.applicationId,
                u.emailVerifiedAt !== null,
                u.createdAt,
              ]),
            )
            .join('');
          afterEmail = batch[batch.length - 1]!.email;
        }
      }
      return sendCsvDownload(reply, exportFileName('users_export'), rows());
    },
  );

  app.post(
    '/resumes/zip',
    { config: admin, schema: { body: bulkTargetBodySchema } },
    async (request, reply) => {
      const target = bulkTargetOf(request.body, app.config.event.startDate);
      // Every application the target names, with its resume when it has one: a filter's count is
      // of applications, as the list counts them.
      const matched = await app.db
        .select({
          id: applications.id,
          firstName: applications.firstName,
          lastName: applications.lastName,
          key: uploads.storageKey,
        })
        .from(applications)
        .leftJoin(uploads, eq(uploads.id, applications.resumeUploadId))
        .where(targetWhere(target))
        .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
      checkCount(target, matched.length);
      const rows = matched.filter((r): r is typeof r & { key: string } => r.key !== null);
      if (!rows.length)
        throw errors.notFound('None of the selected applications has a resume.', 'no_resumes');
      await audit(app.db, actorOf(request), {
        action: 'export.resumes',
        targetType: 'export',
        after: { ...targetAudit(target), files: rows.length },
      });
      const zip = new yazl.ZipFile();
      for (const r of rows) {
        const ext = r.key.slice(r.key.lastIndexOf('.'));
        // Entry names are ours: applicant name and id, never an uploaded file name.
        const entry = `${namePart(r.lastName)}_${namePart(r.firstName)}_${r.id.slice(0, 8)}${ext}`;
        // Lazy: each file is opened only when the zip reaches it, so 1,000 resumes hold one descriptor.
        zip.addReadStreamLazy(entry, { compress: false }, (cb) => cb(null, app.storage.read(r.key)));
      }
      zip.end();
      const name = exportFileName('resumes').replace(/\.csv$/, '.zip');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(zip.outputStream);
    },
  );
};
