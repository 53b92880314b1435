import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  applicationWindow,
  normaliseAccessCodes,
  type AdminSettings,
  type PublicSettings,
  type UpdateSettingsBody,
} from '@lanyard/shared/settings';
import type { Db, DbOrTx } from '../../db/client';
import { accessCodes, type settings } from '../../db/schema/index';
import { lockSettings, readSettings, writeSettings, type SettingsRow } from '../../db/settings';
import { audit, type AuditActor } from '../../lib/audit';

export function windowOf(row: SettingsRow, now = new Date()) {
  return applicationWindow(
    {
      applicationDeadline: row.applicationDeadline,
      allowLateApplications: row.allowLateApplications,
      requireAccessCode: row.requireAccessCode,
      forceApplicationOpen: row.forceApplicationOpen,
    },
    now,
  );
}

export function toPublicSettings(row: SettingsRow, now = new Date()): PublicSettings {
  const window = windowOf(row, now);
  return {
    status: window.status,
    message: window.message,
    require_access_code: row.requireAccessCode,
    application_deadline: row.applicationDeadline?.toISOString() ?? null,
    allow_late_applications: row.allowLateApplications,
    force_application_open: row.forceApplicationOpen,
    hacker_decisions_released: row.hackerDecisionsReleased,
    mentor_decisions_released: row.mentorDecisionsReleased,
    rsvp_deadline: row.rsvpDeadline?.toISOString() ?? null,
    rsvp_open: row.rsvpOpen,
    server_time: now.toISOString(),
  };
}

export async function listAccessCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ code: accessCodes.code }).from(accessCodes).orderBy(asc(accessCodes.code));
  return rows.map((r) => r.code);
}

export async function getAdminSettings(db: DbOrTx): Promise<AdminSettings> {
  const [row, codes] = await Promise.all([readSettings(db), listAccessCodes(db)]);
  return { ...toPublicSettings(row), special_access_codes: codes };
}

/** True when the code is one of the special access codes, whatever its case. */
export async function isValidAccessCode(db: DbOrTx, code: string): Promise<boolean> {
  const normalised = code.trim().toUpperCase();
  if (!normalised) return false;
  const rows = await db
    .select({ code: accessCodes.code })
    .from(accessCodes)
    .where(eq(accessCodes.code, normalised));
  return rows.length > 0;
}

/** Applies any subset of the settings fields in one transaction, with an audit row. */
export async function updateSettings(
  db: Db,
  actor: AuditActor,
  body: UpdateSettingsBody,
): Promise<AdminSettings> {
  return db.transaction(async (tx) => {
    await lockSettings(tx);
    const before = await getAdminSettings(tx);
    const patch: Partial<typeof settings.$inferInsert> = {};
    if (body.application_deadline !== undefined) {
      patch.applicationDeadline = body.application_deadline ? new Date(body.application_deadline) : null;
    }
    if (body.allow_late_applications !== undefined)
      patch.allowLateApplications = body.allow_late_applications;
    if (body.require_access_code !== undefined) patch.requireAccessCode = body.require_access_code;
    if (body.force_application_open !== undefined) patch.forceApplicationOpen = body.force_application_open;
    if (body.rsvp_deadline !== undefined)
      patch.rsvpDeadline = body.rsvp_deadline ? new Date(body.rsvp_deadline) : null;
    if (body.rsvp_open !== undefined) patch.rsvpOpen = body.rsvp_open;
    await writeSettings(tx, patch);
    if (body.special_access_codes !== undefined) {
      await replaceAccessCodes(tx, actor, normaliseAccessCodes(body.special_access_codes));
    }
    const after = await getAdminSettings(tx);
    await audit(tx, actor, {
      action: 'settings.update',
      targetType: 'settings',
      targetId: '1',
      before: stripTime(before),
      after: stripTime(after),
    });
    return after;
  });
}

function stripTime(s: AdminSettings): Omit<AdminSettings, 'server_time'> {
  const { server_time: _ignored, ...rest } = s;
  return rest;
}

async function replaceAccessCodes(tx: DbOrTx, actor: AuditActor, codes: string[]): Promise<void> {
  await tx.delete(accessCodes);
  if (codes.length) {
    await tx.insert(accessCodes).values(codes.map((code) => ({ code, createdBy: actor.id })));
  }
}

export async function addAccessCode(db: Db, actor: AuditActor, code: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = await listAccessCodes(tx);
    const [added] = await tx
      .insert(accessCodes)
      .values({ code: code.toUpperCase(), createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    const after = await listAccessCodes(tx);
    if (added) {
      await audit(tx, actor, {
        action: 'access_code.add',
        targetType: 'access_code',
        targetId: added.code,
        before: { special_access_codes: before },
        after: { special_access_codes: after },
      });
    }
    return after;
  });
}

export async function removeAccessCode(db: Db, actor: AuditActor, code: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = await listAccessCodes(tx);
    const removed = await tx
      .delete(accessCodes)
      .where(eq(accessCodes.code, code.trim().toUpperCase()))
      .returning();
    const after = await listAccessCodes(tx);
    if (removed[0]) {
      await audit(tx, actor, {
        action: 'access_code.remove',
        targetType: 'access_code',
        targetId: removed[0].code,
        before: { special_access_codes: before },
        after: { special_access_codes: after },
      });
    }
    return after;
  });
}

/** Ten characters from an alphabet without look-alikes (no 0/O, 1/I/L), easy to read out at a desk. */
export function generateCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function resetSettings(db: Db, actor: AuditActor): Promise<AdminSettings> {
  return updateSettings(db, actor, {
    application_deadline: null,
    allow_late_applications: false,
    require_access_code: false,
    force_application_open: false,
    rsvp_deadline: null,
    rsvp_open: true,
    special_access_codes: [],
  });
}
