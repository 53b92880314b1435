/**
 * The cases the property tests found, pinned as examples (each was a 500 before its fix):
 * NUL characters and unpaired surrogates reaching PostgreSQL, absurd nesting reaching
 * JSON.stringify (and the admin list searches), and broken multipart bodies reaching the upload
 * stream. Each must now be a 400
 * naming the problem, with nothing stored.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithResume, hackerAnswers, pdfBytes, type Applicant } from '../applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../helper';
import { multipart } from '../multipart';
import { snapshot } from './harness';

let ctx: TestContext;
let hacker: Applicant;

beforeAll(async () => {
  ctx = await createTestContext();
  hacker = await applicantWithResume(ctx, 'hacker');
});
afterAll(async () => {
  await ctx?.close();
});

async function refusedWithoutChange(request: InjectOptions, error: RegExp, code = 'validation_error') {
  const before = await snapshot(ctx);
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  expect(res.json()).toEqual({ error: expect.stringMatching(error), code });
  expect(await snapshot(ctx)).toEqual(before);
}

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('input no column can store is refused, not a 500', () => {
  it('a NUL in a draft answer (value or field name)', async () => {
    for (const answers of [{ firstName: 'a\u0000b' }, { 'x\u0000': 'y' }]) {
      await refusedWithoutChange(
        {
          method: 'PUT',
          url: '/api/applications/draft',
          headers: bearer(hacker.token),
          payload: { role: 'hacker', answers },
        },
        /^answers(\.firstName)?: .*(NUL|field name)/,
      );
    }
  });

  it('an unpaired surrogate in a draft answer', async () => {
    await refusedWithoutChange(
      {
        method: 'PUT',
        url: '/api/applications/draft',
        headers: { ...bearer(hacker.token), 'content-type': 'application/json' },
        payload: '{"role":"hacker","answers":{"firstName":"a\\ud800b"}}',
      },
      /^answers\.firstName: .*unpaired surrogate/,
    );
  });

  it('a draft answer nested 20,000 levels deep', async () => {
    await refusedWithoutChange(
      {
        method: 'PUT',
        url: '/api/applications/draft',
        headers: { ...bearer(hacker.token), 'content-type': 'application/json' },
        payload: `{"role":"hacker","answers":{"x":${deep(20_000)}}}`,
      },
      /nested too deeply/,
    );
  });

  it('a NUL or an unpaired surrogate in a submitted answer', async () => {
    for (const overrides of [{ firstName: 'Ada\u0000' }, { whyAttendQuestion: 'To learn \udc00' }]) {
      await refusedWithoutChange(
        {
          method: 'POST',
          url: '/api/applications/hacker',
          headers: bearer(hacker.token),
          payload: { ...hackerAnswers(overrides), resume_url: hacker.resume.file_url },
        },
        /^(firstName|whyAttendQuestion): /,
      );
    }
  });

  it('a NUL in a query string', async () => {
    await refusedWithoutChange(
      { method: 'GET', url: '/api/places/cities?q=Bos%00', headers: bearer(hacker.token) },
      /^q: .*NUL/,
    );
  });

  it('a NUL in the search of the admin lists (applications, RSVPs, users)', async () => {
    const admin = await createAdmin(ctx);
    for (const url of ['/api/admin/applications', '/api/admin/rsvp', '/api/admin/users']) {
      await refusedWithoutChange(
        { method: 'GET', url: `${url}?search=a%00`, headers: bearer(admin.token) },
        /^search: .*NUL/,
      );
    }
  });
});

describe('a broken multipart upload is a 400 and leaves no file', () => {
  const resume = { name: 'file', filename: 'cv.pdf', contentType: 'application/pdf' };

  it('without a boundary parameter', async () => {
    await refusedWithoutChange(
      {
        method: 'POST',
        url: '/api/upload/resume',
        headers: { ...bearer(hacker.token), 'content-type': 'multipart/form-data' },
        payload: multipart({ ...resume, content: pdfBytes() }).payload,
      },
      /incomplete or malformed/,
      'malformed_upload',
    );
  });

  it('cut off before the closing boundary', async () => {
    const cut = multipart({ ...resume, content: pdfBytes(4096) }, { close: false });
    await refusedWithoutChange(
      {
        method: 'POST',
        url: '/api/upload/resume',
        headers: { ...bearer(hacker.token), 'content-type': cut.headers['content-type']! },
        payload: cut.payload,
      },
      /incomplete or malformed/,
      'malformed_upload',
    );
  });
});
