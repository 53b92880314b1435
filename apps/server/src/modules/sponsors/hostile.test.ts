/**
 * Sponsor routes under hostile input: whatever a signed-in sponsor sends, the answer is a clean 4xx
 * (or an honest empty page), never a 5xx, never someone outside the book, and wildcards in a search
 * are letters, not patterns.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookResponse } from '@lanyard/shared/sponsors';
import { asUser } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { bookPerson, sponsorSession } from '../../../test/sponsors';

let ctx: TestContext;
let as: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx);
  as = asUser(ctx, (await sponsorSession(ctx, {}, admin)).token);
});
afterAll(() => ctx?.close());

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('the book under hostile queries', () => {
  it('400s malformed filters and pages, naming no internals', async () => {
    for (const bad of [
      q({ page: '0' }),
      q({ page: '-1' }),
      q({ page: 'abc' }),
      q({ page: '1e9' }),
      q({ page: '99999999999999999999' }),
      q({ graduation_year: '20x5' }),
      q({ graduation_year: '2025; drop table applications' }),
      q({ starred: 'yes' }),
      q({ search: 'x'.repeat(201) }),
      q({ email: 'a@example.org' }),
      'school=A&school=B',
      'search[$ne]=1',
    ]) {
      const res = await as('GET', `/api/sponsor/book?${bad}`);
      expect(res.statusCode, bad.slice(0, 60)).toBe(400);
      expect(res.body).not.toMatch(/select |sql|stack|postgres/i);
    }
  });

  it('a search of wildcards, quotes or SQL matches only those letters', async () => {
    const school = `Hostile ${crypto.randomUUID().slice(0, 8)}`;
    await bookPerson(ctx, { school, firstName: 'Test', lastName: 'Plain' });
    const literal = await bookPerson(ctx, { school, firstName: 'Test', lastName: '100%_Sure' });
    for (const [search, expected] of [
      ['%', [literal.appId]],
      ['_', [literal.appId]],
      ['0%_s', [literal.appId]],
      ["' or 1=1 --", []],
      ['\\', []],
      ['\u0000', []],
      ['🙂', []],
    ] as const) {
      const res = await as('GET', `/api/sponsor/book?${q({ school, search })}`);
      if (search === '\u0000') {
        expect(res.statusCode).toBeLessThan(500);
        continue;
      }
      expect(res.statusCode, search).toBe(200);
      expect(
        (res.json() as BookResponse).entries.map((e) => e.id),
        search,
      ).toEqual(expected);
    }
  });
});

describe('profiles, stars and the zip under hostile ids and bodies', () => {
  it('an id that is not a uuid is 400 (414 when absurdly long); one outside the book is 404', async () => {
    for (const id of ['1', "1' or '1'='1", '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(500)]) {
      const refused = id.length > 200 ? [400, 414] : [400];
      expect(refused, id).toContain((await as('GET', `/api/sponsor/book/${id}`)).statusCode);
      expect(refused, id).toContain((await as('POST', `/api/sponsor/book/${id}/download`)).statusCode);
      expect(refused, id).toContain((await as('PUT', `/api/sponsor/stars/${id}`)).statusCode);
    }
    const outside = crypto.randomUUID();
    expect((await as('GET', `/api/sponsor/book/${outside}`)).statusCode).toBe(404);
    expect((await as('POST', `/api/sponsor/book/${outside}/download`)).statusCode).toBe(404);
    expect((await as('PUT', `/api/sponsor/stars/${outside}`)).statusCode).toBe(404);
  });

  it('the zip refuses every body but a list of ids or the starred list', async () => {
    for (const bad of [
      {},
      [],
      null,
      'starred',
      { starred: false },
      { starred: 'true' },
      { application_ids: [] },
      { application_ids: ['not-a-uuid'] },
      { application_ids: crypto.randomUUID() },
      { application_ids: [crypto.randomUUID()], starred: true },
      { application_ids: [crypto.randomUUID()], include_minors: true },
    ]) {
      const res = await as('POST', '/api/sponsor/book/zip', bad);
      // A bare string is not JSON to the parser: 415, as for any body of the wrong type.
      expect(typeof bad === 'string' ? [400, 415] : [400], JSON.stringify(bad)).toContain(res.statusCode);
    }
    const nobody = await as('POST', '/api/sponsor/book/zip', { application_ids: [crypto.randomUUID()] });
    expect(nobody.statusCode).toBe(404);
  });
});
