import { asc, count, sql, type SQL } from 'drizzle-orm';
import type { Segment } from '@lanyard/shared/announcements';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/index';
import { readSettings } from '../../db/settings';
import { applicationFilters, filterContext } from '../admin-applications/filters';
import { templateValues } from '../email/catalog';
import { isOpenOffer, offerDueAt, type OfferFacts } from '../../policies/offers';
import { rsvpFilters } from '../rsvp/service';
import type { AnnouncementValues } from './render';

/**
 * The WHERE clause of a segment: the list's own filter function (one home for each rule), so a
 * segment matches exactly the applications its list shows with that filter.
 */
export async function segmentWhere(db: DbOrTx, config: AppConfig, segment: Segment): Promise<SQL> {
  if (segment.list === 'applications') {
    const ctx = await filterContext(db, config.event.startDate);
    return applicationFilters(segment.filters, ctx) ?? sql`true`;
  }
  return rsvpFilters(segment.filters) ?? sql`true`;
}

/** What an announcement needs of each recipient (and announcementValues may read). */
export const recipientColumns = {
  id: applications.id,
  userId: applications.userId,
  email: applications.email,
  firstName: applications.firstName,
  lastName: applications.lastName,
  // Their offer's own RSVP deadline, where offers expire: {{rsvp_deadline}} names it.
  status: applications.status,
  rsvpStatus: applications.rsvpStatus,
  rsvpDueAt: applications.rsvpDueAt,
  rsvpExpiredAt: applications.rsvpExpiredAt,
};
export type Recipient = {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
} & OfferFacts;

/** The RSVP list's order (last name, first name, then the id), so "the first recipient" is stable. */
const ORDER = [asc(applications.lastName), asc(applications.firstName), asc(applications.id)];

export async function segmentRecipients(
  db: DbOrTx,
  config: AppConfig,
  segment: Segment,
): Promise<Recipient[]> {
  const where = await segmentWhere(db, config, segment);
  return db
    .select(recipientColumns)
    .from(applications)
    .where(where)
    .orderBy(...ORDER);
}

/** How many the segment matches, and the recipient at `index` (the preview steps through them). */
export async function segmentSample(
  db: DbOrTx,
  config: AppConfig,
  segment: Segment,
  index: number,
): Promise<{ total: number; recipient: Recipient | undefined }> {
  const where = await segmentWhere(db, config, segment);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(applications).where(where),
    db
      .select(recipientColumns)
      .from(applications)
      .where(where)
      .orderBy(...ORDER)
      .limit(1)
      .offset(index),
  ]);
  return { total: total?.n ?? 0, recipient: rows[0] };
}

/** What every recipient's values are made from, read once per send. */
export interface ValuesContext {
  config: AppConfig;
  rsvpDeadline: Date | null;
}

export async function valuesContext(db: DbOrTx, config: AppConfig): Promise<ValuesContext> {
  return { config, rsvpDeadline: (await readSettings(db)).rsvpDeadline };
}

/**
 * The one place a recipient's {{variables}} are decided. {{rsvp_deadline}} is the recipient's own
 * offer deadline while their offer waits for an answer (offers that expire), else the event's
 * global RSVP deadline, as the decision e-mails say it.
 */
export function announcementValues(
  ctx: ValuesContext,
  recipient: Pick<Recipient, 'firstName'> & Partial<OfferFacts>,
): AnnouncementValues {
  const own =
    recipient.status && recipient.rsvpDueAt && isOpenOffer(recipient as OfferFacts)
      ? offerDueAt(recipient.rsvpDueAt, ctx.rsvpDeadline)
      : null;
  const v = templateValues(
    ctx.config.event,
    ctx.config.publicUrl,
    recipient.firstName,
    own ?? ctx.rsvpDeadline,
  );
  return {
    first_name: recipient.firstName,
    event: v.event,
    rsvp_deadline: v.rsvp_deadline,
    dashboard_link: v.dashboard_link,
  };
}
