import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logisticsSchema, travelSchema, type Bucket } from '@lanyard/shared/insights';
import { createTestContext, type TestContext } from '../../../test/helper';
import { insightsReader, people } from '../../../test/insights';
import type { ApplicationInsert } from '../../../test/factories';
import { findCity } from '../places/service';
import { insightsContext } from './common';
import { haversineKm, travel } from './travel';

let ctx: TestContext;
let read: Awaited<ReturnType<typeof insightsReader>>;
beforeAll(async () => {
  ctx = await createTestContext();
  read = await insightsReader(ctx);
});
afterAll(() => ctx.close());

const pairs = (buckets: Bucket[]) => buckets.map((b) => [b.label, b.count, b.key]);

/** An accepted hacker; `rsvp` their answer (accepted: a confirmed attendee). */
function accepted(
  rsvp: 'accepted' | 'declined' | null,
  shirtSize: string | null,
  answers: Record<string, unknown>,
): Partial<ApplicationInsert> {
  return { status: 'accepted', rsvpStatus: rsvp, rsvpAt: rsvp ? new Date() : null, shirtSize, answers };
}

describe('GET /api/admin/insights/logistics', () => {
  beforeAll(async () => {
    const specs: Partial<ApplicationInsert>[] = [
      accepted('accepted', 'm', {
        dietaryRestrictions: 'Vegetarian',
        needsAccommodation: true,
        needsVisa: false,
      }),
      accepted('accepted', 'm', {
        dietaryRestrictions: 'vegetarian',
        needsAccommodation: false,
        needsVisa: false,
      }),
      accepted('accepted', 'l', { dietaryRestrictions: 'veggie, nut allergy', needsAccommodation: false }),
      accepted('accepted', null, { dietaryRestrictions: 'Allergic to kiwi', needsVisa: true }),
      accepted('declined', 'xs', { dietaryRestrictions: 'none', needsVisa: true }),
      accepted(null, 's', { dietaryRestrictions: 'Halal', needsAccommodation: true }),
      // Not accepted: never counted, whatever they answered.
      {
        status: 'waitlisted',
        rsvpStatus: 'accepted',
        shirtSize: 'xl',
        answers: { dietaryRestrictions: 'Vegan' },
      },
      { status: 'pending', shirtSize: 'xl', answers: { dietaryRestrictions: 'Kosher' } },
    ];
    await people(ctx, specs.length, (i) => ({ application: specs[i]! }));
    await people(ctx, 1, () => ({
      role: 'mentor',
      application: accepted('accepted', 'xxl', { dietaryRestrictions: 'Gluten free' }),
    }));
  });

  it('counts the confirmed attendees by default: shirts, dietary needs and the answers to read', async () => {
    const l = await read(logisticsSchema, 'logistics', 'role=hacker');
    expect(l.scope).toBe('confirmed');
    expect(l.total).toBe(4);
    expect(pairs(l.shirts)).toEqual([
      ['XS', 0, null],
      ['S', 0, null],
      ['M', 2, null],
      ['L', 1, null],
      ['XL', 0, null],
      ['XXL', 0, null],
      ['Not given', 1, null],
    ]);
    expect(pairs(l.dietary)).toEqual([
      ['Vegetarian', 3, 'vegetarian'],
      ['Nut allergy', 1, 'nut_allergy'],
      ['Other needs', 1, null],
    ]);
    expect(l.dietary_other).toEqual([{ text: 'Allergic to kiwi', count: 1 }]);
    expect(pairs(l.accommodations)).toEqual([
      ['Needs accommodations', 1, null],
      ['No', 2, null],
      ['Not answered', 1, null],
    ]);
    expect(pairs(l.visa)).toEqual([
      ['Needs a visa', 1, null],
      ['No', 2, null],
      ['Not answered', 1, null],
    ]);
  });

  it('scope=accepted counts every accepted applicant, and the role filter the roles', async () => {
    const l = await read(logisticsSchema, 'logistics', 'role=hacker&scope=accepted');
    expect(l.total).toBe(6);
    expect(pairs(l.dietary)).toEqual([
      ['Vegetarian', 3, 'vegetarian'],
      ['Halal', 1, 'halal'],
      ['Nut allergy', 1, 'nut_allergy'],
      ['Other needs', 1, null],
      ['None', 1, null],
    ]);
    const everyone = await read(logisticsSchema, 'logistics');
    expect(everyone.total).toBe(5);
    expect(pairs(everyone.dietary)[1]).toEqual(['Gluten-free', 1, 'gluten_free']);
    expect(everyone.shirts.find((s) => s.label === 'XXL')!.count).toBe(1);
  });

  it('refuses a status filter and an unknown scope (400)', async () => {
    await expect(read(logisticsSchema, 'logistics', 'status=accepted')).rejects.toThrow(/400/);
    await expect(read(logisticsSchema, 'logistics', 'scope=everyone')).rejects.toThrow(/400/);
  });
});

describe('GET /api/admin/insights/travel', () => {
  beforeAll(async () => {
    const from = [
      'Boston, MA, United States',
      'Boston, MA, United States',
      'boston, ma, united states',
      'Toronto, Canada',
      'Toronto, Canada',
      'Middle of Nowhere, Mars',
    ];
    await people(ctx, from.length, (i) => ({
      application: { status: i < 4 ? 'pending' : 'rejected', answers: { travelFrom: from[i] } },
    }));
  });

  it('places each answer on the map, with its distance from the venue and the distance bands', async () => {
    const t = await read(travelSchema, 'travel', 'status=pending,rejected');
    const venue = ctx.config.event.venue;
    expect(t.venue).toEqual({ name: venue.name, lat: venue.latitude, lng: venue.longitude });
    expect(t.total).toBe(7);
    expect(t.unmatched).toBe(1);
    const boston = findCity('Boston, MA, United States')!;
    const toronto = findCity('Toronto, Canada')!;
    const km = (c: { lat: number; lng: number }) => Math.round(haversineKm(t.venue!, c));
    expect(t.cities).toEqual([
      {
        label: 'Boston, MA, United States',
        country: 'United States',
        country_code: 'US',
        lat: boston.lat,
        lng: boston.lng,
        count: 3,
        distance_km: km(boston),
      },
      {
        label: 'Toronto, Canada',
        country: 'Canada',
        country_code: 'CA',
        lat: toronto.lat,
        lng: toronto.lng,
        count: 2,
        distance_km: km(toronto),
      },
    ]);
    // New Brunswick, NJ to Boston is about 330 km, to Toronto about 530 km.
    expect(km(boston)).toBeGreaterThan(200);
    expect(km(boston)).toBeLessThan(500);
    expect(km(toronto)).toBeGreaterThan(500);
    expect(pairs(t.bands)).toEqual([
      ['Under 50 km', 0, null],
      ['50–200 km', 0, null],
      ['200–500 km', 3, null],
      ['500–1,500 km', 2, null],
      ['1,500 km or more', 0, null],
    ]);
    const pending = await read(travelSchema, 'travel', 'status=pending');
    expect(pending.cities.map((c) => [c.label, c.count])).toEqual([
      ['Boston, MA, United States', 3],
      ['Toronto, Canada', 1],
    ]);
  });

  it('without the venue coordinates: no distances, no bands', async () => {
    const base = await insightsContext({ db: ctx.database.db, config: ctx.config });
    const venue = { ...ctx.config.event.venue, latitude: undefined, longitude: undefined };
    const t = await travel({ ...base, config: { ...ctx.config, event: { ...ctx.config.event, venue } } }, {});
    expect(t.venue).toBeNull();
    expect(t.bands).toEqual([]);
    expect(t.cities.map((c) => c.distance_km)).toEqual([null, null]);
  });
});
