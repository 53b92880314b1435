import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  auditRows,
  csvObjects,
  parseCsv,
  readZip,
  seedApplications,
  submittedHacker,
} from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let admin: { token: string; email: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
  await setSettings(ctx);
});
afterAll(() => ctx.close());

function school(): string {
  return `Zip U ${crypto.randomBytes(4).toString('hex')}`;
}

describe('POST /api/export/resumes/zip by filter', () => {
  it('zips the resumes of every matching application, across pages; the count is of applications', async () => {
    const where = school();
    const withResume = [
      await submittedHacker(ctx, { university: where, firstName: 'Ana' }),
      await submittedHacker(ctx, { university: where, firstName: 'Ben' }),
      await submittedHacker(ctx, { university: where, firstName: 'Cy' }),
    ];
    // 60 more without a resume: the filter matches 63 applications over two pages.
    await seedApplications(ctx, 60, () => ({ school: where }));
    await submittedHacker(ctx, { university: school(), firstName: 'Elsewhere' });

    const res = await call('POST', '/api/export/resumes/zip', {
      filter: { school: where },
      expected_count: 63,
    });
    expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(200);
    const names = readZip(res.rawPayload).map((e) => e.name);
    expect(names.sort()).toEqual(
      withResume.map((a) => expect.stringMatching(new RegExp(`_${a.appId.slice(0, 8)}\\.pdf$`))),
    );
    expect(names.map((n) => n.split('_')[1]).sort()).toEqual(['Ana', 'Ben', 'Cy']);
    expect((await auditRows(ctx, 'export')).at(-1)).toMatchObject({
      actor_email: admin.email,
      action: 'export.resumes',
      after: { filter: { school: where }, count: 63, files: 3 },
    });
  });

  it('409 with the new count when the filter matches another number; 404 when none has a resume', async () => {
    const where = school();
    await seedApplications(ctx, 4, () => ({ school: where }));
    const changed = await call('POST', '/api/export/resumes/zip', {
      filter: { school: where },
      expected_count: 5,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'count_changed', count: 4 });
    const none = await call('POST', '/api/export/resumes/zip', {
      filter: { school: where },
      expected_count: 4,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'no_resumes' });
  });
});

describe('POST /api/export/applications/csv: the selection, by ids or by filter', () => {
  async function csvOf(body: unknown) {
    const res = await call('POST', '/api/export/applications/csv', body);
    if (res.statusCode !== 200) return { status: res.statusCode, body: res.json(), rows: [] };
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applications_export_/);
    const text = res.rawPayload.toString('utf8');
    return { status: 200, body: null, rows: csvObjects(parseCsv(text.slice(1))) };
  }

  it('exports exactly the listed ids, or everything the filter matches', async () => {
    const where = school();
    const rows = await seedApplications(ctx, 70, (i) => ({ school: where, firstName: `Csv${i}` }));
    await seedApplications(ctx, 2, () => ({ school: school() }));

    const two = await csvOf({ application_ids: [rows[3]!.id, rows[60]!.id, crypto.randomUUID()] });
    expect(two.status).toBe(200);
    expect(two.rows.map((r) => r.id).sort()).toEqual([rows[3]!.id, rows[60]!.id].sort());

    const all = await csvOf({ filter: { school: where }, expected_count: 70 });
    expect(all.rows.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await auditRows(ctx, 'export')).at(-1)).toMatchObject({
      action: 'export.applications',
      after: { filter: { school: where }, count: 70 },
    });

    const changed = await csvOf({ filter: { school: where }, expected_count: 71 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'count_changed', count: 70 });
    expect((await csvOf({ filter: { school: where, status: ['nope'] }, expected_count: 1 })).status).toBe(
      400,
    );
  });
});
