import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_CAPACITY_SETTINGS,
  capacitySettingsSchema,
  type CapacitySettings,
} from '@lanyard/shared/capacity';
import { APPLICANT_ROLES } from '@lanyard/shared/constants';
import { DEFAULT_REVIEW_SETTINGS, reviewSettingsSchema, type ReviewSettings } from '@lanyard/shared/review';
import type { DbOrTx, Tx } from './client';
import { settings } from './schema/index';

/** The event's settings: one row, id 1, inserted by the first migration. */
export type SettingsRow = typeof settings.$inferSelect;
export type SettingsPatch = Partial<Omit<typeof settings.$inferInsert, 'id' | 'updatedAt'>>;

/** The condition that picks the one row, for a query that joins the settings to its own read. */
export const SETTINGS_ROW = eq(settings.id, 1);
const ONE = SETTINGS_ROW;

/**
 * What a missing row reads as: the column defaults, the row the first migration inserts. Only a
 * hand-emptied table lacks it; every reader then sees the same closed-by-default event (nothing
 * released, no deadline) instead of each caller guessing.
 */
function defaultSettings(): SettingsRow {
  return {
    id: 1,
    applicationDeadline: null,
    allowLateApplications: false,
    requireAccessCode: false,
    forceApplicationOpen: false,
    hackerDecisionsReleased: false,
    mentorDecisionsReleased: false,
    rsvpDeadline: null,
    rsvpOpen: true,
    emailTemplates: {},
    review: null,
    capacity: null,
    updatedAt: new Date(0),
  };
}

/** The settings, read through this one accessor; never writes, so it works in read-only transactions. */
export async function readSettings(db: DbOrTx): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(ONE);
  return row ?? defaultSettings();
}

export interface SettingsVersion {
  row: SettingsRow;
  version: string | null;
}

/** Where readSettingsCached keeps the row (lib/read-cache.ts, which a trigger keeps current). */
export interface SettingsCache {
  settings(): SettingsVersion | undefined;
  ticket(): number | undefined;
  storeSettings(ticket: number | undefined, value: SettingsVersion): void;
}

/**
 * readSettingsVersion through this instance's read cache, when it has one: the row changes a few
 * times an event and is read on every reviewer's call. Migration 0016's trigger announces every
 * change; another instance may read the old row for the few milliseconds that takes (decision 006).
 */
export async function readSettingsCached(
  db: DbOrTx,
  cache: SettingsCache | undefined,
): Promise<SettingsVersion> {
  const hit = cache?.settings();
  if (hit) return hit;
  const ticket = cache?.ticket();
  const value = await readSettingsVersion(db);
  cache?.storeSettings(ticket, value);
  return value;
}

/**
 * The settings with their row version (xmin, new on every change), for work done outside a
 * transaction that must later prove, under a lock, that the settings it decided by still hold (the
 * review_submit function, migration 0015). A missing row reads as the defaults, version null.
 */
export async function readSettingsVersion(db: DbOrTx): Promise<SettingsVersion> {
  const [found] = await db
    .select({ row: settings, version: sql<string>`${settings}.xmin::text` })
    .from(settings)
    .where(ONE);
  return found ? found : { row: defaultSettings(), version: null };
}

/**
 * Reads the settings and holds them for share until the transaction ends: a settings change waits
 * for the transactions that decided by them, and they all see one state.
 */
export async function shareSettings(tx: Tx): Promise<SettingsRow> {
  const [row] = await tx.select().from(settings).where(ONE).for('share');
  return row ?? defaultSettings();
}

/**
 * Reads the settings for update: writers of settings (and of anything that must agree with them,
 * such as a release and its e-mails) queue behind one another until the transaction ends.
 * A missing row is created first, so the lock always has a row to hold.
 */
export async function lockSettings(tx: Tx): Promise<SettingsRow> {
  const [row] = await tx.select().from(settings).where(ONE).for('update');
  if (row) return row;
  await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await tx.select().from(settings).where(ONE).for('update');
  return created!;
}

/** Changes the named fields (under the lock) and stamps updated_at. */
export async function writeSettings(tx: Tx, patch: SettingsPatch): Promise<SettingsRow> {
  await lockSettings(tx);
  const [row] = await tx
    .update(settings)
    .set({ ...patch, updatedAt: new Date() })
    .where(ONE)
    .returning();
  return row!;
}

/**
 * The review settings (rubric, blind fields, k, disagreement, ranking) of a settings row: a row that
 * never saved them, or holds a shape an older version wrote, reads as the defaults field by field.
 */
export function reviewSettingsOf(row: SettingsRow): ReviewSettings {
  // The cached row is one object until the settings change, and every reviewer's call reads it:
  // parsed once per row, and frozen, so no caller can change what the next one reads.
  const known = parsedReviewSettings.get(row);
  if (known) return known;
  const parsed = deepFreeze(parseReviewSettings(row));
  parsedReviewSettings.set(row, parsed);
  return parsed;
}

const parsedReviewSettings = new WeakMap<SettingsRow, ReviewSettings>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A settings object kept as jsonb: a row that never saved it, or holds a shape an older version wrote,
 * reads as the defaults field by field.
 */
function parseStored<T extends object>(stored: unknown, defaults: T, schema: z.ZodType<T>): T {
  const fields = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const parsed = schema.safeParse({ ...defaults, ...fields });
  if (parsed.success) return parsed.data;
  // One bad field must not throw away the rest: keep each stored field that parses on its own.
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(fields)) {
    const candidate = { ...out, [key]: value };
    if (schema.safeParse(candidate).success) out[key] = value;
  }
  return schema.parse(out);
}

function parseReviewSettings(row: SettingsRow): ReviewSettings {
  return parseStored(row.review, DEFAULT_REVIEW_SETTINGS, reviewSettingsSchema);
}

/** The places and attendance shares per role (admissions to capacity), parsed like the review settings. */
export function capacitySettingsOf(row: SettingsRow): CapacitySettings {
  const known = parsedCapacitySettings.get(row);
  if (known) return known;
  const parsed = deepFreeze(
    parseStored(withRoleDefaults(row.capacity), DEFAULT_CAPACITY_SETTINGS, capacitySettingsSchema),
  );
  parsedCapacitySettings.set(row, parsed);
  return parsed;
}

const parsedCapacitySettings = new WeakMap<SettingsRow, CapacitySettings>();

/** A role's stored fields over the role defaults: a field added later (auto_promote) keeps the rest. */
function withRoleDefaults(stored: unknown): unknown {
  if (!stored || typeof stored !== 'object') return stored;
  const out: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const role of APPLICANT_ROLES) {
    const value = out[role];
    if (value && typeof value === 'object') out[role] = { ...DEFAULT_CAPACITY_SETTINGS[role], ...value };
  }
  return out;
}
