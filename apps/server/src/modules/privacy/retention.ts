/**
 * The daily retention job (issue 21). Three rules, each applied only once its day has come:
 *
 * - resumes: the files (and their upload rows) of submitted applications, event end + N days;
 * - non-attendees: applicants with an application but no checked-in record, event end + M days,
 *   deleted through the account-deletion service (deletion.ts), so "anonymised" means the same as
 *   an applicant deleting themselves: no personal row remains, counts stay (see the README);
 * - unverified: applicant accounts never verified that never started an application or a draft,
 *   K days after sign-up.
 *
 * Each batch is one transaction whose rows are taken FOR UPDATE SKIP LOCKED: two instances running
 * at once never take the same row, and a run that dies part-way leaves only whole batches done, so
 * the next run (same selection, minus what is gone) finishes the rest. Every batch writes one audit
 * row with its count, in its own transaction: the log always matches what was committed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EventConfig } from '@lanyard/shared/event';
import {
  addDays,
  eventEnd,
  RETENTION_RULES,
  type RetentionPreview,
  type RetentionRule,
  type RetentionSettings,
} from '@lanyard/shared/retention';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { jobRuns } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { Storage } from '../../lib/storage';
import { SYSTEM_ACTOR } from '../admissions/offers';
import { deleteAccounts } from './deletion';
import { readRetention, retentionConfirmed } from './retention-settings';

export const RETENTION_BATCH = 200;
const JOB = 'retention';

export interface RetentionRunOptions {
  now?: Date;
  batchSize?: number;
  /** Called after each committed batch (tests inject a crash here). */
  afterBatch?: (rule: RetentionRule, count: number) => void | Promise<void>;
}

export type RetentionCounts = Record<RetentionRule, number>;

const APPLICANT = sql`('hacker', 'mentor')`;

/** The rows each rule takes, without its date condition (the caller decides whether the day has come). */
function candidates(rule: RetentionRule, now: Date, settings: RetentionSettings): SQL {
  switch (rule) {
    case 'resumes':
      return sql`select u.id from uploads u
        where exists (select 1 from applications a where a.resume_upload_id = u.id)`;
    case 'non_attendees':
      return sql`select u.id from users u
        where u.role in ${APPLICANT}
          and exists (select 1 from applications a where a.user_id = u.id)
          and not exists (select 1 from applications a join checkin_records c on c.application_id = a.id
                           where a.user_id = u.id and c.checked_in)`;
    case 'unverified':
      return sql`select u.id from users u
        where u.role in ${APPLICANT} and u.email_verified_at is null
          and u.created_at < ${addDays(now, -(settings.unverified_days ?? 0))}
          and not exists (select 1 from applications a where a.user_id = u.id)
          and not exists (select 1 from application_drafts d where d.user_id = u.id)`;
  }
}

function daysOf(rule: RetentionRule, s: RetentionSettings): number | null {
  return rule === 'resumes'
    ? s.resume_days
    : rule === 'non_attendees'
      ? s.non_attendee_days
      : s.unverified_days;
}

/** When a rule first applies: event end + its days; unverified accounts are judged on every run. */
function dueAt(rule: RetentionRule, s: RetentionSettings, event: EventConfig): Date | null {
  const days = daysOf(rule, s);
  if (days === null) return null;
  return rule === 'unverified' ? new Date(0) : addDays(eventEnd(event.endDate), days);
}

/** One batch of a rule in the given transaction; answers the ids taken and the files to remove after. */
async function applyBatch(tx: Tx, storage: Storage, rule: RetentionRule, ids: string[]): Promise<string[]> {
  if (rule === 'resumes') {
    // applications.resume_upload_id is ON DELETE SET NULL: the application stays, without its file.
    const { rows } = await tx.execute<{ storage_key: string }>(
      sql`delete from uploads where id = any(${sql.param(ids)}::uuid[]) returning storage_key`,
    );
    return rows.map((r) => r.storage_key);
  }
  // The deletion service runs in a savepoint of this transaction (so the rows stay locked by it),
  // removes the files itself and writes each account's tombstone, with `system` as the actor.
  await deleteAccounts(tx as unknown as Db, storage, SYSTEM_ACTOR, ids, { requireAll: false, self: false });
  return [];
}

/** Applies every rule whose day has come at `now`; answers how many rows each removed in this run. */
export async function runRetention(
  db: Db,
  storage: Storage,
  event: EventConfig,
  opts: RetentionRunOptions = {},
): Promise<RetentionCounts> {
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? RETENTION_BATCH;
  const settings = await readRetention(db);
  const counts: RetentionCounts = { resumes: 0, non_attendees: 0, unverified: 0 };
  if (!(await retentionConfirmed(db))) return counts;
  for (const rule of RETENTION_RULES) {
    const due = dueAt(rule, settings, event);
    if (!due || now.getTime() < due.getTime()) continue;
    for (;;) {
      const { n, keys } = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(
          sql`${candidates(rule, now, settings)} order by u.id limit ${batchSize} for update of u skip locked`,
        );
        if (!rows.length) return { n: 0, keys: [] as string[] };
        const ids = rows.map((r) => r.id);
        const keys = await applyBatch(tx, storage, rule, ids);
        await audit(tx, SYSTEM_ACTOR, {
          action: `retention.${rule}`,
          targetType: 'retention',
          targetId: rule,
          after: { count: ids.length, due_at: due.toISOString(), at: now.toISOString() },
        });
        return { n: ids.length, keys };
      });
      if (!n) break;
      counts[rule] += n;
      // After the commit: a crash before this leaves orphan files, which the upload sweep removes.
      await Promise.all(keys.map((k) => storage.remove(k).catch(() => {})));
      await opts.afterBatch?.(rule, n);
      if (n < batchSize) break;
    }
  }
  return counts;
}

/** What the settings page shows: each rule's count with today's data and the day it applies. */
export async function retentionPreview(
  db: DbOrTx,
  event: EventConfig,
  now = new Date(),
): Promise<RetentionPreview> {
  const settings = await readRetention(db);
  const rules = [];
  for (const rule of RETENTION_RULES) {
    const due = dueAt(rule, settings, event);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (${candidates(rule, now, settings)}) c`,
    );
    rules.push({
      rule,
      enabled: due !== null,
      count: due === null ? 0 : rows[0]!.n,
      due_at: due === null ? null : new Date(Math.max(due.getTime(), now.getTime())).toISOString(),
    });
  }
  return {
    settings,
    active: await retentionConfirmed(db),
    event_end: eventEnd(event.endDate).toISOString(),
    rules,
  };
}

/** A run that started this long ago and never finished died: another instance may take over. */
const LEASE = "interval '1 hour'";
/** A finished run holds the day: the hourly tick runs again only after this, or once a rule's day comes. */
const DAILY = "interval '20 hours'";

/**
 * The moments a rule first applies (event end + its days), for claimRun: the run that follows one
 * is not held back by the day's hold, so a rule applies within the hour its day comes, as the
 * Settings card says, not up to 20 hours later. Unverified accounts are judged on every run instead.
 */
export async function retentionDueMoments(db: DbOrTx, event: EventConfig): Promise<Date[]> {
  const settings = await readRetention(db);
  return RETENTION_RULES.filter((rule) => rule !== 'unverified').flatMap((rule) => {
    const due = dueAt(rule, settings, event);
    return due ? [due] : [];
  });
}

/**
 * Claims a run for this instance: one row per job, which only one transaction's update wins.
 * Answers false when another instance is running it now, or ran it lately (in the last 20 hours)
 * and no rule's day (`dueMoments`, from retentionDueMoments) has come since that run started.
 */
export async function claimRun(
  db: DbOrTx,
  now = new Date(),
  dueMoments: readonly Date[] = [],
): Promise<boolean> {
  const dues = sql`${sql.param(dueMoments.map((d) => d.toISOString()))}::timestamptz[]`;
  const { rows } = await db.execute(sql`
    insert into ${jobRuns} (name, started_at) values (${JOB}, ${now})
    on conflict (name) do update set started_at = excluded.started_at, finished_at = null
     where (job_runs.finished_at is not null and job_runs.started_at < excluded.started_at - ${sql.raw(DAILY)})
        or (job_runs.finished_at is not null and exists (
              select 1 from unnest(${dues}) as due
               where due > job_runs.started_at and due <= excluded.started_at))
        or (job_runs.finished_at is null and job_runs.started_at < excluded.started_at - ${sql.raw(LEASE)})
    returning name`);
  return rows.length === 1;
}

export async function finishRun(db: DbOrTx, now = new Date()): Promise<void> {
  await db.execute(sql`update ${jobRuns} set finished_at = ${now} where name = ${JOB}`);
}
