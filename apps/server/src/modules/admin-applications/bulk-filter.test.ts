import crypto from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  auditRows,
  countRows,
  fileExists,
  seedApplications,
  submittedHacker,
  uploadPath,
  withPoisonedAudit,
  type ApplicationInsert,
} from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import {
  createAdmin,
  createTestContext,
  outboxFor,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper';

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

/** A school name of its own per test, so a filter on it matches only that test's applications. */
function school(): string {
  return `Filter U ${crypto.randomBytes(4).toString('hex')}`;
}

async function seedAt(
  where: string,
  count: number,
  extra: (i: number) => Partial<ApplicationInsert> = () => ({}),
) {
  return seedApplications(ctx, count, (i) => ({ school: where, status: 'pending', ...extra(i) }));
}

async function statuses(ids: string[]): Promise<Map<string, string>> {
  const { rows } = await ctx.database.pool.query<{ id: string; status: string }>(
    'select id, status from applications where id = any($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

async function everyStatus(ids: string[]): Promise<string[]> {
  const map = await statuses(ids);
  return [...new Set(ids.map((id) => map.get(id) ?? 'gone'))];
}

const byFilter = (
  filter: Record<string, unknown>,
  expected: number,
  extra: Record<string, unknown> = {},
) => ({
  filter,
  expected_count: expected,
  ...extra,
});

describe('bulk status by filter', () => {
  it('changes every matching application across pages, and only those; one audit row each plus one for the filter', async () => {
    const where = school();
    const matched = await seedAt(where, 120);
    const bystanders = [
      ...(await seedAt(school(), 5)),
      // Same school, filtered out by role.
      ...(await seedAt(where, 3, () => ({ role: 'mentor' }))),
    ];
    const filter = { school: where, role: ['hacker'] };
    const listed = await call(
      'GET',
      `/api/admin/applications?school=${encodeURIComponent(where)}&role=hacker`,
    );
    expect(listed.json()).toMatchObject({ total: 120, pages: 3 });

    const res = await call(
      'PUT',
      '/api/admin/applications/bulk/status',
      byFilter(filter, 120, { status: 'accepted' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 120 });
    expect(await everyStatus(matched.map((m) => m.id))).toEqual(['accepted']);
    expect(await everyStatus(bystanders.map((b) => b.id))).toEqual(['pending']);

    for (const m of matched.slice(0, 3)) {
      expect(await auditRows(ctx, 'application', m.id)).toEqual([
        {
          actor_email: admin.email,
          action: 'application.bulk_status',
          target_type: 'application',
          target_id: m.id,
          before: { status: 'pending' },
          after: { status: 'accepted' },
        },
      ]);
    }
    const summary = (await auditRows(ctx, 'bulk')).at(-1);
    expect(summary).toEqual({
      actor_email: admin.email,
      action: 'application.bulk_status',
      target_type: 'bulk',
      target_id: null,
      before: null,
      after: { status: 'accepted', count: 120, filter: { school: where, role: ['hacker'] } },
    });
  });

  it('refuses with 409 and the new count when the filter no longer matches the confirmed number; nothing changes', async () => {
    const where = school();
    const rows = await seedAt(where, 12);
    const auditBefore = await countRows(ctx, 'select 1 from audit_log');
    for (const expected of [11, 13]) {
      const res = await call(
        'PUT',
        '/api/admin/applications/bulk/status',
        byFilter({ school: where }, expected, { status: 'rejected' }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: `The filter now matches 12 applications, not ${expected}. Nothing was changed: check the list and try again.`,
        code: 'count_changed',
        count: 12,
      });
    }
    expect(await everyStatus(rows.map((r) => r.id))).toEqual(['pending']);
    expect(await countRows(ctx, 'select 1 from audit_log')).toBe(auditBefore);
  });

  it('acts on what the filter matches when it runs: a change since the count is refused, not applied to others', async () => {
    const where = school();
    const rows = await seedAt(where, 10);
    // Counted 10 pending; one is accepted by someone else before the confirmation arrives.
    await call('PUT', `/api/admin/applications/${rows[0]!.id}/status`, { status: 'accepted' });
    const res = await call(
      'PUT',
      '/api/admin/applications/bulk/status',
      byFilter({ school: where, status: ['pending'] }, 10, { status: 'waitlisted' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ count: 9 });
    expect(await everyStatus(rows.slice(1).map((r) => r.id))).toEqual(['pending']);
  });

  it('is one transaction: a failure after the statuses were written leaves every row and the audit log as they were', async () => {
    const where = school();
    const rows = await seedAt(where, 30);
    const last = [...rows.map((r) => r.id)].sort().at(-1)!;
    const auditBefore = await countRows(ctx, 'select 1 from audit_log');
    const res = await withPoisonedAudit(ctx, last, () =>
      call(
        'PUT',
        '/api/admin/applications/bulk/status',
        byFilter({ school: where }, 30, { status: 'accepted' }),
      ),
    );
    expect(res.statusCode).toBe(500);
    expect(await everyStatus(rows.map((r) => r.id))).toEqual(['pending']);
    expect(await countRows(ctx, 'select 1 from audit_log')).toBe(auditBefore);
  });

  it('voids the RSVPs and queues the decision e-mails exactly as a change by ids does', async () => {
    const where = school();
    const rows = await seedAt(where, 4, (i) => ({
      role: 'hacker',
      status: 'accepted',
      rsvpStatus: i < 2 ? 'accepted' : null,
      rsvpAt: i < 2 ? new Date() : null,
      liabilityWaiverAccepted: i < 2 ? true : null,
      firstName: `Void${i}`,
    }));
    await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    try {
      const res = await call(
        'PUT',
        '/api/admin/applications/bulk/status',
        byFilter({ school: where }, 4, { status: 'waitlisted' }),
      );
      expect(res.json()).toEqual({ updated: 4 });
      const { rows: after } = await ctx.database.pool.query<{
        rsvp_status: string | null;
        waiver: boolean | null;
      }>(
        'select rsvp_status, liability_waiver_accepted as waiver from applications where id = any($1::uuid[])',
        [rows.map((r) => r.id)],
      );
      expect(after.every((r) => r.rsvp_status === null && r.waiver === null)).toBe(true);
      for (const [i, r] of rows.entries()) {
        const voids = (await auditRows(ctx, 'application', r.id)).filter((a) => a.action === 'rsvp.void');
        expect(voids).toHaveLength(i < 2 ? 1 : 0);
        expect(await outboxFor(ctx, r.email, 'decision_waitlisted')).toHaveLength(1);
      }
    } finally {
      await call('POST', '/api/admin/decisions/unrelease', { role: 'hacker' });
    }
  });

  it('works at 9,000 applications in one request (more rows than one statement can carry parameters for)', async () => {
    const where = school();
    const rows = await seedAt(where, 9_000);
    const res = await call(
      'PUT',
      '/api/admin/applications/bulk/status',
      byFilter({ school: where }, 9_000, { status: 'rejected' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 9_000 });
    expect(await everyStatus(rows.map((r) => r.id))).toEqual(['rejected']);
    expect(
      await countRows(
        ctx,
        "select 1 from audit_log where action = 'application.bulk_status' and target_id = any($1)",
        [rows.map((r) => r.id)],
      ),
    ).toBe(9_000);
  }, 60_000);
});

describe('bulk delete by filter', () => {
  it('deletes exactly the matching applications with their resumes, across pages; others stay', async () => {
    const where = school();
    const withFiles = [
      await submittedHacker(ctx, { university: where }),
      await submittedHacker(ctx, { university: where }),
    ];
    const files = await Promise.all(withFiles.map((a) => uploadPath(ctx, a.resume.name)));
    const seeded = await seedAt(where, 58);
    const other = await seedAt(school(), 3);
    const ids = [...withFiles.map((a) => a.appId), ...seeded.map((s) => s.id)];

    const res = await call('POST', '/api/admin/applications/bulk/delete', byFilter({ school: where }, 60));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 60 });
    expect(await countRows(ctx, 'select 1 from applications where id = any($1::uuid[])', [ids])).toBe(0);
    for (const f of files) expect(fileExists(f)).toBe(false);
    expect(await everyStatus(other.map((o) => o.id))).toEqual(['pending']);
    expect((await auditRows(ctx, 'application', seeded[0]!.id)).map((a) => a.action)).toEqual([
      'application.delete',
    ]);
    expect((await auditRows(ctx, 'bulk')).at(-1)).toMatchObject({
      action: 'application.bulk_delete',
      after: { count: 60, filter: { school: where } },
    });
  });

  it('a count that changed is a 409 and nothing is deleted', async () => {
    const where = school();
    const rows = await seedAt(where, 5);
    const res = await call('POST', '/api/admin/applications/bulk/delete', byFilter({ school: where }, 4));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'count_changed', count: 5 });
    expect(
      await countRows(ctx, 'select 1 from applications where id = any($1::uuid[])', [rows.map((r) => r.id)]),
    ).toBe(5);
  });

  it('is one transaction: a failure keeps every row and every file', async () => {
    const where = school();
    const a = await submittedHacker(ctx, { university: where });
    const file = await uploadPath(ctx, a.resume.name);
    const rows = await seedAt(where, 20);
    const res = await withPoisonedAudit(ctx, rows[19]!.id, () =>
      call('POST', '/api/admin/applications/bulk/delete', byFilter({ school: where }, 21)),
    );
    expect(res.statusCode).toBe(500);
    expect(
      await countRows(ctx, 'select 1 from applications where id = any($1::uuid[])', [
        [a.appId, ...rows.map((r) => r.id)],
      ]),
    ).toBe(21);
    expect(fileExists(file)).toBe(true);
  });
});

describe('who may act by filter, and with what', () => {
  const routes: [HTTPMethods, string, Record<string, unknown>][] = [
    ['PUT', '/api/admin/applications/bulk/status', { status: 'accepted' }],
    ['PUT', '/api/applications/bulk/status', { status: 'accepted' }],
    ['POST', '/api/admin/applications/bulk/delete', {}],
    ['POST', '/api/applications/bulk/delete', {}],
    ['POST', '/api/export/resumes/zip', {}],
    ['POST', '/api/export/applications/csv', {}],
  ];

  it('anonymous callers get 401 and applicants 403; nothing changes', async () => {
    const where = school();
    const rows = await seedAt(where, 2);
    const applicant = await seedApplications(ctx, 1, () => ({ school: where }), { sessions: true });
    const asApplicant = asUser(ctx, applicant[0]!.token!);
    for (const [method, url, extra] of routes) {
      const body = byFilter({ school: where }, 3, extra);
      const anonymous = await ctx.app.inject({ method, url, payload: body });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      const mine = await asApplicant(method, url, body);
      expect({ url, status: mine.statusCode }).toEqual({ url, status: 403 });
    }
    expect(await everyStatus([...rows.map((r) => r.id), applicant[0]!.id])).toEqual(['pending']);
  });

  it('hostile or malformed filters and counts are refused by the schema with a 400 naming the field', async () => {
    const where = school();
    const rows = await seedAt(where, 2);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ filter: { school: where, status: ['hacked'] }, expected_count: 2 }, /filter\.status/],
      [
        { filter: { school: where, role: ["hacker'; drop table applications; --"] }, expected_count: 2 },
        /filter\.role/,
      ],
      [{ filter: { search: 'x'.repeat(201) }, expected_count: 2 }, /filter\.search/],
      [{ filter: { school: where, page: 2 }, expected_count: 2 }, /filter\.page/],
      [{ filter: { school: where, sort: 'name' }, expected_count: 2 }, /filter\.sort/],
      [{ filter: { school: where, $where: '1=1' }, expected_count: 2 }, /filter\.\$where/],
      [{ filter: { date_start: '2025-13-01' }, expected_count: 2 }, /filter\.date_start/],
      [{ filter: { date_start: '2025-02-30' }, expected_count: 2 }, /date_start/],
      [{ filter: { is_high_school: 'yes' }, expected_count: 2 }, /filter\.is_high_school/],
      [{ filter: 'school=x', expected_count: 2 }, /filter/],
      [{ filter: { school: where } }, /expected_count/],
      [{ filter: { school: where }, expected_count: -1 }, /expected_count/],
      [{ filter: { school: where }, expected_count: 0 }, /expected_count/],
      [{ filter: { school: where }, expected_count: 1.5 }, /expected_count/],
      [{ filter: { school: where }, expected_count: '2' }, /expected_count/],
      [{ filter: { school: where }, expected_count: 2_000_000 }, /expected_count/],
      [{ filter: { school: where }, expected_count: 2, application_ids: [rows[0]!.id] }, /application_ids/],
      [{ application_ids: [rows[0]!.id], expected_count: 1 }, /expected_count/],
      [{}, /application_ids/],
    ];
    for (const [body, field] of bad) {
      const res = await call('PUT', '/api/admin/applications/bulk/status', { ...body, status: 'accepted' });
      const label = JSON.stringify(body).slice(0, 90);
      expect({ label, status: res.statusCode }).toEqual({ label, status: 400 });
      expect(res.json().error, label).toMatch(field);
      const del = await call('POST', '/api/admin/applications/bulk/delete', body);
      expect({ label, status: del.statusCode }).toEqual({ label, status: 400 });
    }
    expect(await everyStatus(rows.map((r) => r.id))).toEqual(['pending']);
  });

  it('text filters are data, never SQL: a hostile search matches nothing and changes nothing', async () => {
    const where = school();
    const rows = await seedAt(where, 2, () => ({ email: uniqueEmail('hostile') }));
    const res = await call(
      'PUT',
      '/api/admin/applications/bulk/status',
      byFilter({ search: "' or 1=1 --", school: where }, 1, { status: 'accepted' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ count: 0 });
    expect(await everyStatus(rows.map((r) => r.id))).toEqual(['pending']);
  });
});
