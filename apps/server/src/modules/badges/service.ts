import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BadgeLayout, BadgesRequest } from '@lanyard/shared/badges';
import type { EventConfig } from '@lanyard/shared/event';
import type { Db } from '../../db/client';
import { applications, checkinRecords } from '../../db/schema/index';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { badgeCarriesCode, badgeName } from '../../policies/badges';
import { doorCodeApplicationId } from '../checkin/door';
import { makeQrToken } from '../checkin/qr';
import { drawBadge, drawCutGuides, type BadgeContent } from './draw';
import { newDocument, printable } from './fonts';
import { LAYOUTS, perPage, slotOf, type Slot } from './layouts';

function eventTitle(event: EventConfig): string {
  return [event.name, event.edition].filter(Boolean).join(' ');
}

/** Records read per query: a page of any layout at a time, and memory flat whatever the total. */
export const BATCH = 200;

function scopeWhere(body: BadgesRequest): SQL | undefined {
  if (body.scope === 'checked_in') return eq(checkinRecords.checkedIn, true);
  if (body.scope === 'selected') return inArray(checkinRecords.id, body.ids ?? []);
  return undefined;
}

/** One page of records (keyset: after the last one read), with their application's RSVP facts. */
function recordPage(
  db: Db,
  where: SQL | undefined,
  after?: { lastName: string; firstName: string; id: string },
) {
  return db
    .select({
      id: checkinRecords.id,
      applicationId: checkinRecords.applicationId,
      firstName: checkinRecords.firstName,
      lastName: checkinRecords.lastName,
      preferredName: checkinRecords.preferredName,
      pronoun: checkinRecords.pronoun,
      role: checkinRecords.role,
      status: applications.status,
      rsvpStatus: applications.rsvpStatus,
    })
    .from(checkinRecords)
    .leftJoin(applications, eq(applications.id, checkinRecords.applicationId))
    .where(
      and(
        where,
        after &&
          sql`(${checkinRecords.lastName}, ${checkinRecords.firstName}, ${checkinRecords.id}) > (${after.lastName}, ${after.firstName}, ${after.id})`,
      ),
    )
    .orderBy(asc(checkinRecords.lastName), asc(checkinRecords.firstName), asc(checkinRecords.id))
    .limit(BATCH);
}
type BadgeRow = Awaited<ReturnType<typeof recordPage>>[number];

/** The records `where` matches, by last name, first name and id, BATCH at a time. */
async function* recordBatches(db: Db, where: SQL | undefined): AsyncGenerator<BadgeRow[]> {
  let after: BadgeRow | undefined;
  for (;;) {
    const batch = await recordPage(db, where, after);
    if (!batch.length) return;
    yield batch;
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1];
  }
}

/** Whatever pdfkit has written so far, taken off its stream at once (it never waits on a reader). */
function takeWritten(doc: PDFKit.PDFDocument): Buffer | undefined {
  const parts: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null;) parts.push(chunk);
  return parts.length ? Buffer.concat(parts) : undefined;
}

/** The rest of a document after `end()`: the fonts, the cross-reference table and the trailer. */
async function* rest(doc: PDFKit.PDFDocument): AsyncGenerator<Buffer> {
  for await (const chunk of doc) yield chunk as Buffer;
}

export interface BadgeJob {
  layout: BadgeLayout;
  where: SQL | undefined;
  count: number;
  /**
   * Badges with characters no installed font has: in their name or pronoun, or, on every badge, in
   * the event title.
   */
  unprintable: number;
}

/** The pronoun line of a badge: none when blank. */
const badgePronoun = (r: { pronoun: string | null }) => r.pronoun?.trim() || null;

/** A character past Latin Extended-B, as a PostgreSQL pattern (its regexes read \u escapes). */
const BEYOND_LATIN = String.raw`[^\u0001-\u024f]`;

/**
 * How many of the records `where` matches have a badge name or pronoun that prints as boxes. Only
 * those with a character past Latin Extended are read (DejaVu has all of those), and each is tried
 * in the fonts the badge would use.
 */
async function countUnprintable(db: Db, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({
      firstName: checkinRecords.firstName,
      preferredName: checkinRecords.preferredName,
      pronoun: checkinRecords.pronoun,
    })
    .from(checkinRecords)
    .where(
      and(
        where,
        sql`(${checkinRecords.firstName} || coalesce(${checkinRecords.preferredName}, '') || coalesce(${checkinRecords.pronoun}, '')) ~ ${BEYOND_LATIN}`,
      ),
    );
  // In the weights drawBadge sets them in: the name bold, the pronoun regular.
  return rows.filter((r) => !printable(badgeName(r), 'bold') || !printable(badgePronoun(r) ?? '', 'regular'))
    .length;
}

/**
 * Checks there is someone to print and records who asked for what before the first byte: an
 * admin's download is an admin action (audited with the scope, the layout and the count).
 */
export async function startBadges(
  db: Db,
  actor: AuditActor,
  body: BadgesRequest,
  event: EventConfig,
): Promise<BadgeJob> {
  const where = scopeWhere(body);
  const [row] = await db.select({ n: count() }).from(checkinRecords).where(where);
  const n = row?.n ?? 0;
  if (n === 0) throw errors.notFound('Nobody to print: no check-in record matches.', 'no_badges');
  await audit(db, actor, {
    action: 'checkin.badges',
    targetType: 'checkin_record',
    after: {
      scope: body.scope,
      layout: body.layout,
      count: n,
      ...(body.ids ? { ids: body.ids.length } : {}),
    },
  });
  // The title heads every badge in drawBadge's regular weight: if it prints boxes, they all do.
  const unprintable = printable(eventTitle(event), 'regular') ? await countUnprintable(db, where) : n;
  return { layout: body.layout, where, count: n, unprintable };
}

/**
 * The PDF of a job, a page at a time. Pulled by the response stream: a page is drawn only when the
 * client has taken the one before (backpressure), and records are read BATCH at a time, so memory
 * stays flat for any number of badges.
 */
export async function* badgePdf(
  db: Db,
  job: BadgeJob,
  event: EventConfig,
  secret: string,
): AsyncGenerator<Buffer> {
  const layout = LAYOUTS[job.layout];
  const title = eventTitle(event);
  const look = { title, colors: event.badges.colors };
  const doc = newDocument(`${title}: badges`);
  const slots: Slot[] = [];
  let index = 0;
  const endPage = () => {
    if (layout.guides && slots.length) drawCutGuides(doc, slots);
    slots.length = 0;
  };
  try {
    for await (const batch of recordBatches(db, job.where)) {
      for (const r of batch) {
        if (index % perPage(layout) === 0) {
          endPage();
          doc.addPage({ size: [...layout.page], margin: 0 });
        }
        const slot = slotOf(layout, index++);
        slots.push(slot);
        const facts = r.status ? { status: r.status, rsvpStatus: r.rsvpStatus } : null;
        const content: BadgeContent = {
          name: badgeName(r),
          pronoun: badgePronoun(r),
          role: r.role,
          qr: badgeCarriesCode(r, facts) ? makeQrToken(secret, event, r.applicationId!) : null,
        };
        drawBadge(doc, slot, content, look);
        if (index % perPage(layout) === 0) {
          const written = takeWritten(doc);
          if (written) yield written;
        }
      }
    }
    endPage();
    doc.end();
    yield* rest(doc);
  } finally {
    // A download cut short: nothing more is drawn, and pdfkit's buffers go with the document.
    if (!doc.readableEnded) doc.destroy();
  }
}

/** As GET /api/applications/me/qr words it: the pass and the code appear together. */
const NO_QR_MESSAGE = 'Your check-in code appears once you have confirmed your attendance.';

/** What the applicant's pass shows; 404 no_qr for anyone who has no door code (yet). */
export async function passFor(
  db: Db,
  userId: string,
  event: EventConfig,
  secret: string,
): Promise<{ eventTitle: string; name: string; token: string }> {
  const applicationId = await doorCodeApplicationId(db, userId);
  const [person] = applicationId
    ? await db
        .select({ firstName: applications.firstName, preferredName: applications.preferredName })
        .from(applications)
        .where(eq(applications.id, applicationId))
    : [];
  if (!applicationId || !person) throw errors.notFound(NO_QR_MESSAGE, 'no_qr');
  return {
    eventTitle: eventTitle(event),
    name: badgeName(person),
    token: makeQrToken(secret, event, applicationId),
  };
}
