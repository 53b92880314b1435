/**
 * Where people travel from: the city each applicant picked in the city search, counted per answer
 * in the database, then placed on the map through the server's own city index (places/service.ts):
 * one lookup per distinct answer, none per person.
 */
import { sql } from 'drizzle-orm';
import type { Bucket, InsightsFilters, Travel, TravelCity } from '@lanyard/shared/insights';
import { findCity } from '../places/service';
import { applicationsWhere, rows, type InsightsContext } from './common';

/** The map shows at most this many cities (the most people first). */
const MAX_CITIES = 500;
const EARTH_RADIUS_KM = 6371;

/** Distance bands: [label, upper bound in km (exclusive)]. */
const BANDS: [string, number][] = [
  ['Under 50 km', 50],
  ['50–200 km', 200],
  ['200–500 km', 500],
  ['500–1,500 km', 1500],
  ['1,500 km or more', Infinity],
];

/** Great-circle distance in kilometres. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** GET /insights/travel. */
export async function travel(ctx: InsightsContext, f: InsightsFilters): Promise<Travel> {
  const answers = await rows<{ place: string | null; n: number }>(
    ctx.db,
    sql`select applications.answer_travel_from as place, count(*)::int as n
          from applications where ${applicationsWhere(ctx, f)} group by 1`,
  );
  const v = ctx.config.event.venue;
  const venue =
    v.latitude !== undefined && v.longitude !== undefined
      ? { name: v.name, lat: v.latitude, lng: v.longitude }
      : null;

  let total = 0;
  let unmatched = 0;
  const cities = new Map<string, TravelCity>();
  for (const { place, n } of answers) {
    const count = Number(n);
    total += count;
    const city = place === null ? undefined : findCity(place);
    if (!city) {
      if (place !== null) unmatched += count;
      continue;
    }
    const known = cities.get(city.label);
    if (known) known.count += count;
    else {
      cities.set(city.label, {
        label: city.label,
        country: city.country,
        country_code: city.countryCode,
        lat: city.lat,
        lng: city.lng,
        count,
        distance_km: venue ? Math.round(haversineKm(venue, city)) : null,
      });
    }
  }
  const sorted = [...cities.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    total,
    venue,
    cities: sorted.slice(0, MAX_CITIES),
    unmatched,
    bands: venue ? bands(sorted) : [],
  };
}

/** People per distance band, every band listed (an empty one too, so the bars keep their places). */
function bands(cities: readonly TravelCity[]): Bucket[] {
  const out: Bucket[] = BANDS.map(([label]) => ({ label, count: 0, key: null }));
  for (const c of cities) {
    const i = BANDS.findIndex(([, under]) => (c.distance_km ?? 0) < under);
    out[i]!.count += c.count;
  }
  return out;
}
