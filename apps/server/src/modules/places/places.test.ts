import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citiesResponseSchema } from '@lanyard/shared/application';
import { bearer, createTestContext, randomIp, registerUser, type TestContext } from '../../../test/helper';
import { fold } from './service';

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
