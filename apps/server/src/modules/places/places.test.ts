import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citiesResponseSchema } from '@lanyard/shared/application';
import { bearer, createTestContext, randomIp, registerUser, type TestContext } from '../../../test/helper';
import { CITIES } from '../../cli/seed/vocabulary';
import { findCity, fold, searchCities } from './service';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await registerUser(ctx.app, { remoteAddress: randomIp() })).token;
});
afterAll(() => ctx.close());

function cities(q: string | undefined, auth = true) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/places/cities',
    ...(q !== undefined ? { query: { q } } : {}),
    ...(auth ? { headers: bearer(token) } : {}),
  });
}

describe('GET /api/places/cities', () => {
  it('puts Boston, MA first for "bost", at most ten cities', async () => {
    const res = await cities('bost');
    expect(res.statusCode).toBe(200);
    const body = citiesResponseSchema.parse(res.json());
    expect(body.cities[0]).toEqual({
      label: 'Boston, MA, United States',
      name: 'Boston',
      region: 'MA',
      country: 'United States',
    });
    expect(body.cities.length).toBeLessThanOrEqual(10);
    const labels = body.cities.map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('folds case and accents: "montreal" and "MONTRÉAL" find Montréal', async () => {
    for (const q of ['montreal', 'MONTRÉAL', '  Montr ']) {
      const res = await cities(q);
      expect(res.statusCode).toBe(200);
      const names = res.json().cities.map((c: { name: string }) => c.name);
      expect({ q, first: names[0] }).toEqual({ q, first: 'Montréal' });
    }
    expect((await cities('montreal')).json().cities[0].country).toBe('Canada');
  });

  it('matches a word inside a name too, most populous first ("york" finds New York City first)', async () => {
    const labels: string[] = (await cities('york')).json().cities.map((c: { label: string }) => c.label);
    expect(labels[0]).toBe('New York City, NY, United States');
    expect(labels.some((l) => l.startsWith('York, '))).toBe(true);
  });

  it('answers an empty list for queries shorter than two characters, or with nothing to match', async () => {
    for (const q of [undefined, '', 'b', ' b ', '--', 'zzqxjw']) {
      const res = await cities(q);
      expect({ q, status: res.statusCode, body: res.json() }).toEqual({
        q,
        status: 200,
        body: { cities: [] },
      });
    }
  });

  it('refuses anonymous callers (401), long queries and unknown parameters (400)', async () => {
    expect((await cities('bost', false)).statusCode).toBe(401);
    expect((await cities('x'.repeat(101))).statusCode).toBe(400);
    const extra = await ctx.app.inject({
      method: 'GET',
      url: '/api/places/cities?q=bost&limit=1000',
      headers: bearer(token),
    });
    expect(extra.statusCode).toBe(400);
  });

  it('fold lower-cases, strips accents and punctuation', () => {
    expect(fold('  Saint-Jérôme ')).toBe('saint jerome');
    expect(fold('ZÜRICH')).toBe('zurich');
    expect(fold("'; drop")).toBe('drop');
  });
});

describe('findCity', () => {
  it('places a label the city search gave, in any case or accents, with its coordinates and country code', () => {
    const austin = findCity('Austin, TX, United States');
    expect(austin).toMatchObject({
      label: 'Austin, TX, United States',
      countryCode: 'US',
      country: 'United States',
    });
    expect(austin!.lat).toBeCloseTo(30.27, 1);
    expect(austin!.lng).toBeCloseTo(-97.74, 1);
    expect(findCity('  austin, tx, UNITED STATES ')?.label).toBe('Austin, TX, United States');
    expect(findCity('Montreal, Canada')?.label).toBe('Montréal, Canada');
    for (const city of searchCities('san')) expect(findCity(city.label)?.label).toBe(city.label);
  });

  it('reads "name, region or country" as the most populous such city', () => {
    expect(findCity('Austin, TX')?.label).toBe('Austin, TX, United States');
    expect(findCity('Boston, USA')?.label).toBe('Boston, MA, United States');
    expect(findCity('London, UK')?.label).toBe('London, United Kingdom');
    expect(findCity('Paris, France')?.countryCode).toBe('FR');
  });

  it('answers undefined for what names no city', () => {
    for (const text of ['', ' , ', 'Middle of Nowhere, Mars', 'Paris, Narnia'])
      expect(findCity(text)).toBeUndefined();
  });

  it("places every city the seed's applicants travel from", () => {
    for (const label of CITIES) expect(findCity(label)?.label).toBe(label);
  });
});
