/** Stations as admins define them: listed for every desk, made and changed by admins, audited. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Station, StationCreateBody, StationUpdateBody } from '@lanyard/shared/stations';
import { STATION_LIMITS, stationCreateBodySchema } from '@lanyard/shared/stations';
import type { Db, DbOrTx } from '../../db/client';
import { stations } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { audit, type AuditActor } from '../../lib/audit';

export type StationRow = typeof stations.$inferSelect;

export function toStation(row: StationRow): Station {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    rule: row.rule,
    audience: row.audience,
    express: row.express,
    archived: row.archivedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every station, the door first, then by name. */
export async function listStations(db: DbOrTx): Promise<Station[]> {
  const rows = await db
    .select()
    .from(stations)
    .orderBy(sql`${stations.kind} <> 'checkin'`, asc(sql`lower(${stations.name})`));
  return rows.map(toStation);
}

export async function stationRow(db: DbOrTx, id: string): Promise<StationRow> {
  const [row] = await db.select().from(stations).where(eq(stations.id, id));
  if (!row) throw errors.notFound('No such station.', 'unknown_station');
  return row;
}

const nameTaken = (name: string) =>
  new AppError(409, 'station_exists', `A station named "${name}" already exists.`);

export async function createStation(db: Db, actor: AuditActor, body: StationCreateBody): Promise<Station> {
  const input = stationCreateBodySchema.parse(body);
  try {
    return await db.transaction(async (tx) => {
      // Counted under a lock so two admins at once cannot pass the limit together.
      await tx.execute(sql`lock table ${stations} in share row exclusive mode`);
      const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(stations)) as [{ n: number }];
      if (n >= STATION_LIMITS.stations)
        throw errors.conflict(`At most ${STATION_LIMITS.stations} stations.`, 'too_many_stations');
      const [row] = await tx.insert(stations).values(input).returning();
      const station = toStation(row!);
      await audit(tx, actor, {
        action: 'station.create',
        targetType: 'station',
        targetId: station.id,
        after: station,
      });
      return station;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function updateStation(
  db: Db,
  actor: AuditActor,
  id: string,
  body: StationUpdateBody,
): Promise<Station> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(stations).where(eq(stations.id, id)).for('update');
      if (!current) throw errors.notFound('No such station.', 'unknown_station');
      const { express, archived, ...rest } = body;
      if (current.kind === 'checkin' && (Object.keys(rest).length || archived !== undefined)) {
        throw errors.badRequest(
          'The Check-in station is the door: only express check-in can be changed.',
          'checkin_station',
        );
      }
      if (current.kind !== 'checkin' && express !== undefined)
        throw errors.badRequest('Express check-in is a setting of the Check-in station.', 'validation_error');
      const [row] = await tx
        .update(stations)
        .set({
          ...rest,
          ...(express === undefined ? {} : { express }),
          ...(archived === undefined
            ? {}
            : { archivedAt: archived ? (current.archivedAt ?? new Date()) : null }),
          updatedAt: new Date(),
        })
        .where(eq(stations.id, id))
        .returning();
      const station = toStation(row!);
      await audit(tx, actor, {
        action: 'station.update',
        targetType: 'station',
        targetId: id,
        before: toStation(current),
        after: station,
      });
      return station;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name ?? '');
    throw err;
  }
}
