// The resume book as a sponsor reads it. Every query starts from `inResumeBook` (policies/
// resume-book.ts), so nothing outside the book is listed, counted, starred, previewed or zipped,
// and selects only the fields of `bookEntrySchema`: never contact details, birth date or answers.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  BOOK_PAGE_SIZE,
  SPONSOR_ZIP_MAX,
  type BookEntry,
  type BookFilters,
  type BookQuery,
  type SponsorZipBody,
} from '@lanyard/shared/sponsors';
import type { Db } from '../../db/client';
import { applications, sponsorStars, sponsors, uploads } from '../../db/schema/index';
import { containsPattern } from '../../db/search';
import { errors } from '../../errors';
import { inResumeBook } from '../../policies/resume-book';
import type { SponsorWindow } from '../../policies/sponsors';
import { readBookRule } from './admin-service';

export async function findSponsor(
  db: Db,
  userId: string,
): Promise<(SponsorWindow & { company: string }) | undefined> {
  const [row] = await db
    .select({ company: sponsors.company, accessFrom: sponsors.accessFrom, accessUntil: sponsors.accessUntil })
    .from(sponsors)
    .where(eq(sponsors.userId, userId));
  return row;
}

/** The book's condition now: the admins' rule (read per request) and the event's first day. */
export async function bookCondition(db: Db, eventStart: string): Promise<SQL> {
  return inResumeBook(await readBookRule(db), eventStart);
}

const starredBy = (sponsorId: string) =>
  sql<boolean>`exists (select 1 from ${sponsorStars} where ${sponsorStars.sponsorId} = ${sponsorId} and ${sponsorStars.applicationId} = ${applications.id})`;

/** The only columns a sponsor is ever sent. */
const entryColumns = (sponsorId: string) => ({
  id: applications.id,
  firstName: applications.firstName,
  lastName: applications.lastName,
  school: applications.school,
  major: applications.major,
  graduationYear: applications.answerGraduationYear,
  linkedinUrl: applications.linkedinUrl,
  githubUrl: applications.githubUrl,
  portfolioUrl: applications.portfolioUrl,
  hasResume: sql<boolean>`${applications.resumeUploadId} is not null`,
  starred: starredBy(sponsorId),
});
interface EntryRow {
  id: string;
  firstName: string;
  lastName: string;
  school: string;
  major: string;
  graduationYear: string | null;
  linkedinUrl: string | null;
  githubUrl: string | null;
  portfolioUrl: string | null;
  hasResume: boolean;
  starred: boolean;
}

function toEntry(r: EntryRow): BookEntry {
  return {
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    school: r.school,
    major: r.major,
    graduation_year: r.graduationYear,
    linkedin_url: r.linkedinUrl,
    github_url: r.githubUrl,
    portfolio_url: r.portfolioUrl,
    has_resume: Boolean(r.hasResume),
    starred: Boolean(r.starred),
  };
}

function filterWhere(q: BookQuery, sponsorId: string): SQL[] {
  const where: SQL[] = [];
  if (q.search) {
    const pattern = containsPattern(q.search);
    // Name, school and major only: the admin search text holds the e-mail, which sponsors never match on.
    where.push(
      sql`(${applications.firstName} || ' ' || ${applications.lastName} || ' ' || ${applications.school} || ' ' || ${applications.major}) ilike ${pattern}`,
    );
  }
  if (q.school) where.push(eq(applications.school, q.school));
  if (q.major) where.push(eq(applications.major, q.major));
  if (q.graduation_year) where.push(eq(applications.answerGraduationYear, q.graduation_year));
  if (q.starred === 'true') where.push(starredBy(sponsorId));
  return where;
}

export async function listBook(db: Db, eventStart: string, sponsorId: string, q: BookQuery) {
  const where = and(await bookCondition(db, eventStart), ...filterWhere(q, sponsorId));
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns(sponsorId))
      .from(applications)
      .where(where)
      .orderBy(
        sql`lower(${applications.lastName})`,
        sql`lower(${applications.firstName})`,
        asc(applications.id),
      )
      .limit(BOOK_PAGE_SIZE)
      .offset((q.page - 1) * BOOK_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    entries: rows.map(toEntry),
    total: n,
    page: q.page,
    pages: Math.max(1, Math.ceil(n / BOOK_PAGE_SIZE)),
  };
}

/** The filter menus' choices: the schools, majors and years present in the book now. */
export async function bookFilters(db: Db, eventStart: string): Promise<BookFilters> {
  const where = await bookCondition(db, eventStart);
  const distinct = async (column: SQL) => {
    const rows = await db
      .selectDistinct({ v: sql<string | null>`${column}` })
      .from(applications)
      .where(where);
    return rows
      .map((r) => r.v)
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .sort((a, b) => a.localeCompare(b));
  };
  const [schools, majors, years] = await Promise.all([
    distinct(sql`${applications.school}`),
    distinct(sql`${applications.major}`),
    distinct(sql`${applications.answerGraduationYear}`),
  ]);
  return { schools, majors, graduation_years: years };
}

/** One person in the book, or 404 for anyone else (an id outside the book is as if unknown). */
export async function bookEntry(
  db: Db,
  eventStart: string,
  sponsorId: string,
  id: string,
): Promise<BookEntry> {
  const [row] = await db
    .select(entryColumns(sponsorId))
    .from(applications)
    .where(and(eq(applications.id, id), await bookCondition(db, eventStart)));
  if (!row) throw errors.notFound('This person is not in the resume book.', 'not_in_book');
  return toEntry(row);
}

export async function setStar(db: Db, eventStart: string, sponsorId: string, id: string, starred: boolean) {
  if (starred) {
    await bookEntry(db, eventStart, sponsorId, id);
    await db.insert(sponsorStars).values({ sponsorId, applicationId: id }).onConflictDoNothing();
  } else {
    // Unstarring needs no eligibility: someone who left the book can still leave one's list.
    await db
      .delete(sponsorStars)
      .where(and(eq(sponsorStars.sponsorId, sponsorId), eq(sponsorStars.applicationId, id)));
  }
  return { starred };
}

/** The stored resumes of people in the book, by application id (for a link or a zip). */
export async function bookResumes(db: Db, eventStart: string, where: SQL) {
  return db
    .select({
      id: applications.id,
      firstName: applications.firstName,
      lastName: applications.lastName,
      key: uploads.storageKey,
      contentType: uploads.contentType,
      sizeBytes: uploads.sizeBytes,
    })
    .from(applications)
    .innerJoin(uploads, eq(uploads.id, applications.resumeUploadId))
    .where(and(where, await bookCondition(db, eventStart)))
    .orderBy(
      sql`lower(${applications.lastName})`,
      sql`lower(${applications.firstName})`,
      asc(applications.id),
    )
    .limit(SPONSOR_ZIP_MAX + 1);
}

/** One person's stored resume while they are in the book (a signed link is checked again here). */
export async function bookResume(db: Db, eventStart: string, id: string) {
  const [row] = await bookResumes(db, eventStart, eq(applications.id, id));
  return row;
}

/** The resumes a zip request names: the selection, or the sponsor's starred list (capped). */
export async function zipResumes(db: Db, eventStart: string, sponsorId: string, body: SponsorZipBody) {
  const where = 'starred' in body ? starredBy(sponsorId) : inArray(applications.id, body.application_ids);
  const rows = await bookResumes(db, eventStart, where);
  if (rows.length > SPONSOR_ZIP_MAX)
    throw errors.badRequest(
      `A zip holds at most ${SPONSOR_ZIP_MAX} resumes: unstar some, or download a selection.`,
      'validation_error',
    );
  if (!rows.length)
    throw errors.notFound('None of the chosen people has a resume in the book.', 'no_resumes');
  return rows;
}
