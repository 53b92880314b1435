import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { myApplicationResponseSchema } from '@lanyard/shared/application';
import { seedApplication, seedApplications, type ApplicationInsert } from '../../../test/admin';
import { quickUser, setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, outboxFor, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

function rsvp(token: string | undefined, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/applications/rsvp',
    ...(token ? { headers: bearer(token) } : {}),
    payload: payload as Record<string, unknown>,
  });
}

/** Everything an accepted applicant confirming attendance must give. */
function attending(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    response: 'accepted',
    preferredName: 'Ada',
    schoolName: 'Riverside University',
    pronoun: 'She/Her',
    pronounOther: '',
    linkedinUrl: 'https://www.linkedin.com/in/ada',
    githubUrl: 'https://github.com/ada',
    liabilityWaiverAccepted: true,
    photoClearanceAccepted: true,
    photoSharingOptOut: false,
    ...overrides,
  };
}

interface RsvpColumns {
  status: string;
  rsvp_status: string | null;
  rsvp_at: Date | null;
  preferred_name: string | null;
  school_name: string | null;
  pronoun: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  liability_waiver_accepted: boolean | null;
  photo_clearance_accepted: boolean | null;
  photo_sharing_opt_out: boolean | null;
}

async function stored(id: string): Promise<RsvpColumns> {
  const { rows } = await ctx.database.pool.query<RsvpColumns>(
    `select status, rsvp_status, rsvp_at, preferred_name, school_name, pronoun, linkedin_url, github_url,
       liability_waiver_accepted, photo_clearance_accepted, photo_sharing_opt_out
     from applications where id = $1`,
    [id],
  );
  return rows[0]!;
}

const NO_DETAILS = {
  preferred_name: null,
  school_name: null,
  pronoun: null,
  linkedin_url: null,
  github_url: null,
  liability_waiver_accepted: null,
  photo_clearance_accepted: null,
  photo_sharing_opt_out: null,
};

describe('who may RSVP: the rule matrix', () => {
  type Status = 'accepted' | 'waitlisted' | 'rejected' | 'pending';
  type Deadline = 'none' | 'future' | 'past';
  const STATUSES: Status[] = ['accepted', 'waitlisted', 'rejected', 'pending'];
  const ROLES = ['hacker', 'mentor'] as const;
  const RELEASES = [
    { hacker: false, mentor: false },
    { hacker: true, mentor: false },
    { hacker: false, mentor: true },
    { hacker: true, mentor: true },
  ];

  function expected(c: {
    status: Status;
    released: boolean;
    open: boolean;
    deadline: Deadline;
    answered: boolean;
  }): [number, string | null] {
    if (!c.released || (c.status !== 'accepted' && c.status !== 'waitlisted'))
      return [403, 'rsvp_not_available'];
    if (!c.open) return [403, 'rsvp_closed'];
    if (c.deadline === 'past') return [403, 'rsvp_deadline_passed'];
    if (c.answered) return [409, 'rsvp_recorded'];
    return [200, null];
  }

  it('answers exactly the documented code for every combination, and changes nothing when refusing', async () => {
    // A fixed deadline an hour ahead of the real clock; the fake clock stands before or after it.
    const deadlineAt = new Date(Date.now() + 3600_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    const mismatches: unknown[] = [];
    const refusedIds: { id: string; rsvp: string | null }[] = [];
    const acceptedEmails: string[] = [];
    const messages = new Map<string, string>();
    let cases = 0;

    for (const release of RELEASES) {
      for (const open of [true, false]) {
        for (const deadline of ['none', 'future', 'past'] as Deadline[]) {
          vi.setSystemTime(deadlineAt.getTime() + (deadline === 'future' ? -60_000 : 60_000));
          await setSettings(ctx, {
            hacker_decisions_released: release.hacker,
            mentor_decisions_released: release.mentor,
            rsvp_open: open,
            rsvp_deadline: deadline === 'none' ? null : deadlineAt,
          });
          const specs: (Partial<ApplicationInsert> & { answered: boolean })[] = [];
          for (const role of ROLES)
            for (const status of STATUSES)
              for (const answered of [false, true]) specs.push({ role, status, answered });
          const seeded = await seedApplications(
            ctx,
            specs.length,
            (i) => {
              const { answered, ...columns } = specs[i]!;
              return answered ? { ...columns, rsvpStatus: 'maybe', rsvpAt: new Date() } : columns;
            },
            { sessions: true },
          );
          const results = await Promise.all(
            seeded.map((s, i) => {
              const spec = specs[i]!;
              // A waitlisted applicant answers "keep me on the waitlist" with the same response.
              return rsvp(s.token, spec.status === 'accepted' ? attending() : { response: 'accepted' });
            }),
          );
          for (const [i, res] of results.entries()) {
            cases += 1;
            const spec = specs[i]!;
            const c = {
              role: spec.role!,
              status: spec.status as Status,
              released: release[spec.role!],
              open,
              deadline,
              answered: spec.answered,
            };
            const [status, code] = expected(c);
            const body = res.json() as { code?: string; error?: string; application?: unknown };
            if (res.statusCode !== status || (body.code ?? null) !== code) {
              mismatches.push({ ...c, got: [res.statusCode, body.code ?? null], want: [status, code] });
            }
            if (code) {
              messages.set(code, body.error ?? '');
              refusedIds.push({ id: seeded[i]!.id, rsvp: spec.answered ? 'maybe' : null });
            } else {
              const app = myApplicationResponseSchema.parse(body).application!;
              expect(app).toMatchObject({ rsvp_status: 'accepted', status: spec.status });
              acceptedEmails.push(seeded[i]!.email);
            }
          }
        }
      }
    }
    expect(cases).toBe(4 * 2 * 3 * 16);
    expect(mismatches).toEqual([]);
    expect(messages.get('rsvp_closed')).toContain('RSVPs are currently closed');
    expect(messages.get('rsvp_deadline_passed')).toContain('RSVP deadline has passed');

    // Refusals leave the answer as it was and queue nothing; each success queued one e-mail.
    const { rows } = await ctx.database.pool.query<{ id: string; rsvp_status: string | null }>(
      'select id, rsvp_status from applications where id = any($1::uuid[])',
      [refusedIds.map((r) => r.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r.rsvp_status]));
    expect(refusedIds.filter((r) => byId.get(r.id) !== r.rsvp)).toEqual([]);
    const mails = await ctx.database.pool.query<{ to_address: string }>(
      "select to_address from email_outbox where kind = 'rsvp_recorded'",
    );
    expect(mails.rows.map((m) => m.to_address).sort()).toEqual([...acceptedEmails].sort());
    // 2 releases of a role x 2 statuses x open x (none, future) x unanswered, per role.
    expect(acceptedEmails).toHaveLength(16);
  }, 120_000);

  it('the deadline is inclusive: open at the very millisecond, closed one after', async () => {
    const deadlineAt = new Date(Date.now() + 3600_000);
    await setSettings(ctx, { hacker_decisions_released: true, rsvp_deadline: deadlineAt });
    const [a, b] = await seedApplications(ctx, 2, () => ({ status: 'accepted' }), { sessions: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deadlineAt);
    expect((await rsvp(a!.token, attending())).statusCode).toBe(200);
    vi.setSystemTime(deadlineAt.getTime() + 1);
    const late = await rsvp(b!.token, attending());
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      code: 'rsvp_deadline_passed',
      error: expect.stringContaining('RSVP deadline has passed') as unknown,
    });
  });

  it('the public settings carry what the dashboard needs to show or hide the form', async () => {
    const deadlineAt = new Date('2031-08-15T16:00:00.000Z');
    await setSettings(ctx, { rsvp_open: false, rsvp_deadline: deadlineAt, hacker_decisions_released: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json()).toMatchObject({
      rsvp_open: false,
      rsvp_deadline: deadlineAt.toISOString(),
      hacker_decisions_released: true,
      mentor_decisions_released: false,
    });
  });

  it('needs a signed-in applicant with an application', async () => {
    await setSettings(ctx, { hacker_decisions_released: true });
    const anon = await rsvp(undefined, attending());
    expect(anon.statusCode).toBe(401);
    const admin = await createAdmin(ctx);
    const asAdmin = await rsvp(admin.token, attending());
    expect(asAdmin.statusCode).toBe(403);
    const noApplication = await quickUser(ctx);
    const none = await rsvp(noApplication.token, attending());
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('no_application');
  });

  it('two answers sent at once: one is recorded, the other is told it already is', async () => {
    await setSettings(ctx, { hacker_decisions_released: true });
    const a = await seedApplication(ctx, { status: 'accepted' }, { sessions: true });
    const results = await Promise.all([rsvp(a.token, attending()), rsvp(a.token, { response: 'declined' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('rsvp_recorded');
    expect(await outboxFor(ctx, a.email, 'rsvp_recorded')).toHaveLength(1);
  });
});

describe('what an RSVP must carry', () => {
  beforeAll(async () => {
    await setSettings(ctx, { hacker_decisions_released: true, mentor_decisions_released: true });
  });

  async function accepted(role: 'hacker' | 'mentor' = 'hacker') {
    return seedApplication(ctx, { status: 'accepted', role }, { sessions: true });
  }

  it('an accepted applicant confirming attendance must give each detail: 400 naming the field', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['no preferred name', attending({ preferredName: undefined }), /preferredName/],
      ['blank preferred name', attending({ preferredName: '   ' }), /preferredName/],
      ['no school name', attending({ schoolName: '' }), /schoolName/],
      ['no pronoun', attending({ pronoun: undefined }), /pronoun/],
      ['unknown pronoun', attending({ pronoun: 'Xe/Xem' }), /pronoun/],
      ['Other without the text', attending({ pronoun: 'Other', pronounOther: ' ' }), /pronounOther/],
      ['waiver not accepted', attending({ liabilityWaiverAccepted: false }), /liabilityWaiverAccepted/],
      ['waiver missing', attending({ liabilityWaiverAccepted: undefined }), /liabilityWaiverAccepted/],
      [
        'no photo preference',
        attending({ photoClearanceAccepted: false, photoSharingOptOut: false }),
        /photo/i,
      ],
      [
        'both photo preferences',
        attending({ photoClearanceAccepted: true, photoSharingOptOut: true }),
        /photo/i,
      ],
      ['no response', attending({ response: undefined }), /response/],
      ['an unknown response', attending({ response: 'maybe' }), /response/],
      ['an unknown field', attending({ dietary: 'vegan' }), /dietary/],
      ['a javascript: link', attending({ linkedinUrl: 'javascript:alert(1)' }), /linkedinUrl/],
      ['a javascript: GitHub link', attending({ githubUrl: 'JavaScript://%0aalert(1)' }), /githubUrl/],
      ['a data: link', attending({ githubUrl: 'data:text/html,<script>1</script>' }), /githubUrl/],
      ['a link without a scheme', attending({ linkedinUrl: 'linkedin.com/in/ada' }), /linkedinUrl/],
      ['a boolean as text', attending({ liabilityWaiverAccepted: 'true' }), /liabilityWaiverAccepted/],
    ];
    const a = await accepted();
    for (const [label, payload, field] of cases) {
      const res = await rsvp(a.token, JSON.parse(JSON.stringify(payload)));
      expect({ label, status: res.statusCode, code: res.json().code }).toEqual({
        label,
        status: 400,
        code: 'validation_error',
      });
      expect({ label, error: res.json().error as string }).toEqual({
        label,
        error: expect.stringMatching(field) as unknown,
      });
    }
    // Nothing was recorded and nothing queued: the applicant can still answer.
    expect(await stored(a.id)).toMatchObject({ rsvp_status: null, rsvp_at: null, ...NO_DETAILS });
    expect(await outboxFor(ctx, a.email, 'rsvp_recorded')).toEqual([]);
    expect((await rsvp(a.token, attending())).statusCode).toBe(200);
  });

  it('stores the details (trimmed) and queues the RSVP-recorded e-mail', async () => {
    const a = await accepted();
    const res = await rsvp(
      a.token,
      attending({
        preferredName: '  Ada L.  ',
        schoolName: ' Riverside University ',
        pronoun: 'Other',
        pronounOther: ' Xe/Xem ',
        githubUrl: '',
        photoClearanceAccepted: false,
        photoSharingOptOut: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    const app = myApplicationResponseSchema.parse(res.json()).application!;
    expect(app).toMatchObject({
      _id: a.id,
      status: 'accepted',
      decisions_released: true,
      rsvp_status: 'accepted',
    });
    const row = await stored(a.id);
    expect(row).toMatchObject({
      rsvp_status: 'accepted',
      preferred_name: 'Ada L.',
      school_name: 'Riverside University',
      pronoun: 'Xe/Xem',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      github_url: null,
      liability_waiver_accepted: true,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    expect(row.rsvp_at).toBeInstanceOf(Date);
    expect(Math.abs(row.rsvp_at!.getTime() - Date.now())).toBeLessThan(60_000);

    const mails = await outboxFor(ctx, a.email, 'rsvp_recorded');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      status: 'pending',
      subject: 'Your Riverside Hacks XXVI RSVP is recorded',
    });
    expect(mails[0]!.text_body).toContain('Hi Test,');
    expect(mails[0]!.text_body).toContain('http://localhost:3000/dashboard');

    // The dashboard sees it too, and a second answer is refused.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/me',
      headers: bearer(a.token!),
    });
    expect(me.json().application.rsvp_status).toBe('accepted');
    const again = await rsvp(a.token, { response: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('rsvp_recorded');
    expect((await stored(a.id)).rsvp_status).toBe('accepted');
    expect(await outboxFor(ctx, a.email, 'rsvp_recorded')).toHaveLength(1);
  });

  it('a preset pronoun is stored as such; a mentor confirms the same way', async () => {
    const m = await accepted('mentor');
    expect(
      (await rsvp(m.token, attending({ pronoun: 'They/Them', pronounOther: 'ignored' }))).statusCode,
    ).toBe(200);
    expect(await stored(m.id)).toMatchObject({ rsvp_status: 'accepted', pronoun: 'They/Them' });
  });

  it('an accepted applicant declining needs nothing, and any details sent are not kept', async () => {
    const bare = await accepted();
    const res = await rsvp(bare.token, { response: 'declined' });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.rsvp_status).toBe('declined');
    expect(await stored(bare.id)).toMatchObject({ rsvp_status: 'declined', ...NO_DETAILS });
    expect(await outboxFor(ctx, bare.email, 'rsvp_recorded')).toHaveLength(1);

    const withDetails = await accepted();
    expect((await rsvp(withDetails.token, attending({ response: 'declined' }))).statusCode).toBe(200);
    expect(await stored(withDetails.id)).toMatchObject({ rsvp_status: 'declined', ...NO_DETAILS });
  });

  it('a waitlisted applicant staying or leaving needs nothing; details are not kept', async () => {
    const stay = await seedApplication(ctx, { status: 'waitlisted' }, { sessions: true });
    const res = await rsvp(stay.token, { response: 'accepted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'waitlisted', rsvp_status: 'accepted' });
    expect(await stored(stay.id)).toMatchObject({
      status: 'waitlisted',
      rsvp_status: 'accepted',
      ...NO_DETAILS,
    });
    expect(await outboxFor(ctx, stay.email, 'rsvp_recorded')).toHaveLength(1);

    const stayWithDetails = await seedApplication(ctx, { status: 'waitlisted' }, { sessions: true });
    expect((await rsvp(stayWithDetails.token, attending())).statusCode).toBe(200);
    expect(await stored(stayWithDetails.id)).toMatchObject({ rsvp_status: 'accepted', ...NO_DETAILS });

    const leave = await seedApplication(ctx, { status: 'waitlisted' }, { sessions: true });
    expect((await rsvp(leave.token, { response: 'declined' })).statusCode).toBe(200);
    expect(await stored(leave.id)).toMatchObject({ rsvp_status: 'declined', ...NO_DETAILS });
  });

  it('unknown fields and unsafe links are refused whatever the status', async () => {
    const w = await seedApplication(ctx, { status: 'waitlisted' }, { sessions: true });
    for (const payload of [
      { response: 'accepted', extra: 1 },
      { response: 'declined', linkedinUrl: 'javascript:alert(document.cookie)' },
      { response: 'declined', preferredName: 'x'.repeat(201) },
    ]) {
      const res = await rsvp(w.token, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
    }
    expect((await stored(w.id)).rsvp_status).toBeNull();
  });
});
