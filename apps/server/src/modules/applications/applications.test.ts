import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUARDIAN_MESSAGE, myApplicationSchema } from '@lanyard/shared/application';
import {
  addAccessCodes,
  applicantWithResume,
  applicationRows,
  hackerAnswers,
  mentorAnswers,
  setSettings,
  submit,
  uploadResume,
  type Applicant,
} from '../../../test/applicant';
import {
  bearer,
  createAdmin,
  createTestContext,
  markVerified,
  outboxFor,
  randomIp,
  registerUser,
  type TestContext,
} from '../../../test/helper';
import { openMailbox } from '../../../test/mailbox';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => setSettings(ctx));
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600_000;
const CLOSED_MESSAGE =
  'Applications are closed. The deadline has passed and late applications are not being accepted.';

function hackerBody(applicant: Applicant, overrides: Record<string, unknown> = {}) {
  return { ...hackerAnswers(overrides), resume_url: applicant.resume.file_url };
}

const newHacker = () => applicantWithResume(ctx, 'hacker');
const newMentor = () => applicantWithResume(ctx, 'mentor');

function me(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(token) });
}

async function authStatus(token: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return res.json().user.applicationStatus;
}

function draft(token: string, method: 'GET' | 'PUT' = 'GET', payload?: Record<string, unknown>) {
  return ctx.app.inject({
    method,
    url: '/api/applications/draft',
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

/** Runs `fn` with the server's clock (Date only) set to `at`; DB and timers keep real time. */
async function at<T>(instant: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe('the application window, by the server clock', () => {
  it('accepts a submission while open, with no code stored', async () => {
    const a = await newHacker();
    const res = await submit(ctx.app, a.token, 'hacker', hackerBody(a));
    expect(res.statusCode).toBe(201);
    const application = myApplicationSchema.parse(res.json().application);
    expect(application).toMatchObject({
      role: 'hacker',
      status: 'submitted',
      email: a.email,
      resume: a.resume,
      rsvp_status: null,
    });
    expect(application.answers).toMatchObject({ firstName: 'Ada', university: 'Riverside University' });
    expect(application.answers).not.toHaveProperty('resume_url');
    expect(application.answers).not.toHaveProperty('access_code');
    const rows = await applicationRows(ctx, a.id);
    expect(rows).toEqual([
      { id: application._id, status: 'pending', access_code_used: null, resume_upload_id: a.resume.name },
    ]);
  });

  it('one second before the deadline is on time; exactly at it too', async () => {
    const deadline = Math.floor(Date.now() / 1000) * 1000 + HOUR;
    await setSettings(ctx, { application_deadline: new Date(deadline) });
    const early = await newHacker();
    const onTime = await newHacker();
    await at(deadline - 1000, async () => {
      const res = await submit(ctx.app, early.token, 'hacker', hackerBody(early));
      expect(res.statusCode).toBe(201);
      expect(Date.parse(res.json().application.submitted_at)).toBe(deadline - 1000);
    });
    await at(deadline, async () => {
      expect((await submit(ctx.app, onTime.token, 'hacker', hackerBody(onTime))).statusCode).toBe(201);
    });
  });

  it('one second after the deadline, with late applications off, is refused and nothing is stored', async () => {
    const deadline = Math.floor(Date.now() / 1000) * 1000 + HOUR;
    await setSettings(ctx, { application_deadline: new Date(deadline) });
    const late = await newHacker();
    await at(deadline + 1000, async () => {
      const res = await submit(ctx.app, late.token, 'hacker', hackerBody(late));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CLOSED_MESSAGE, code: 'applications_closed' });
      // Even with a valid code: late applications are off.
      await addAccessCodes(ctx, 'LATECOMER');
      const withCode = await submit(
        ctx.app,
        late.token,
        'hacker',
        hackerBody(late, { access_code: 'LATECOMER' }),
      );
      expect(withCode.json().code).toBe('applications_closed');
    });
    expect(await applicationRows(ctx, late.id)).toEqual([]);
  });

  it('after the deadline with late applications on, asks a valid code and stores it upper-cased', async () => {
    await setSettings(ctx, {
      application_deadline: new Date(Date.now() - 1000),
      allow_late_applications: true,
    });
    await addAccessCodes(ctx, 'LATE-2025');
    const a = await newHacker();

    const none = await submit(ctx.app, a.token, 'hacker', hackerBody(a));
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('access_code_required');
    const blank = await submit(ctx.app, a.token, 'hacker', hackerBody(a, { access_code: '   ' }));
    expect(blank.json().code).toBe('access_code_required');

    const wrong = await submit(ctx.app, a.token, 'hacker', hackerBody(a, { access_code: 'LATE-2024' }));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'That access code is not valid.', code: 'invalid_access_code' });
    expect(await applicationRows(ctx, a.id)).toEqual([]);

    const right = await submit(ctx.app, a.token, 'hacker', hackerBody(a, { access_code: ' late-2025 ' }));
    expect(right.statusCode).toBe(201);
    expect(right.json().application.answers).not.toHaveProperty('access_code');
    expect((await applicationRows(ctx, a.id))[0]!.access_code_used).toBe('LATE-2025');
  });

  it('the late window follows the clock: the same settings are open one second before', async () => {
    const deadline = Math.floor(Date.now() / 1000) * 1000 + HOUR;
    await setSettings(ctx, { application_deadline: new Date(deadline), allow_late_applications: true });
    const before = await newHacker();
    const after = await newHacker();
    await at(deadline - 1000, async () => {
      expect((await submit(ctx.app, before.token, 'hacker', hackerBody(before))).statusCode).toBe(201);
    });
    await at(deadline + 1000, async () => {
      const res = await submit(ctx.app, after.token, 'hacker', hackerBody(after));
      expect(res.json().code).toBe('access_code_required');
    });
  });

  it('a code required for all applies before the deadline', async () => {
    await setSettings(ctx, { application_deadline: new Date(Date.now() + HOUR), require_access_code: true });
    await addAccessCodes(ctx, 'INVITE');
    const a = await newHacker();
    const none = await submit(ctx.app, a.token, 'hacker', hackerBody(a));
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('access_code_required');
    const ok = await submit(ctx.app, a.token, 'hacker', hackerBody(a, { access_code: 'invite' }));
    expect(ok.statusCode).toBe(201);
    expect((await applicationRows(ctx, a.id))[0]!.access_code_used).toBe('INVITE');
  });

  it('forced open needs no code and stores none, even when one is sent', async () => {
    await setSettings(ctx, {
      application_deadline: new Date(Date.now() - HOUR),
      allow_late_applications: false,
      require_access_code: true,
      force_application_open: true,
    });
    await addAccessCodes(ctx, 'FORCED');
    const a = await newHacker();
    const b = await newHacker();
    expect((await submit(ctx.app, a.token, 'hacker', hackerBody(a))).statusCode).toBe(201);
    expect(
      (await submit(ctx.app, b.token, 'hacker', hackerBody(b, { access_code: 'forced' }))).statusCode,
    ).toBe(201);
    expect((await applicationRows(ctx, a.id))[0]!.access_code_used).toBeNull();
    expect((await applicationRows(ctx, b.id))[0]!.access_code_used).toBeNull();
  });

  it('mentors are not held to the hacker deadline or codes (rolling)', async () => {
    await setSettings(ctx, { application_deadline: new Date(Date.now() - HOUR), require_access_code: true });
    const m = await newMentor();
    const res = await submit(ctx.app, m.token, 'mentor', {
      ...mentorAnswers(),
      resume_url: m.resume.file_url,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().application).toMatchObject({ role: 'mentor', status: 'submitted', resume: m.resume });
    expect((await applicationRows(ctx, m.id))[0]!.access_code_used).toBeNull();
  });
});

describe('validation of a hacker submission', () => {
  let shared: Applicant;
  beforeAll(async () => {
    shared = await newHacker();
  });

  async function expectRefused(body: Record<string, unknown>, status = 400) {
    const res = await submit(ctx.app, shared.token, 'hacker', body);
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status });
    expect(await applicationRows(ctx, shared.id)).toEqual([]);
    return res.json() as { error: string; code: string };
  }

  it.each([
    'firstName',
    'lastName',
    'phone',
    'major',
    'university',
    'graduationYear',
    'birthDay',
    'birthMonth',
    'birthYear',
    'travelFrom',
    'howDidYouHear',
    'backgroundQuestion',
    'householdObjectQuestion',
    'whyAttendQuestion',
    'resume_url',
  ])('refuses a submission without %s, naming it', async (field) => {
    const body: Record<string, unknown> = hackerBody(shared);
    delete body[field];
    const error = await expectRefused(body);
    expect(error.code).toBe('validation_error');
    expect(error.error).toContain(field);
  });

  it('refuses blank text the same way as a missing field', async () => {
    const error = await expectRefused(hackerBody(shared, { lastName: '   ' }));
    expect(error.error).toBe('lastName: Last name is required');
  });

  it('refuses an impossible birthday with its message', async () => {
    for (const birth of [
      { birthYear: 2003, birthMonth: 2, birthDay: 29 },
      { birthYear: 2001, birthMonth: 6, birthDay: 31 },
      { birthYear: 1899, birthMonth: 5, birthDay: 5 },
    ]) {
      const error = await expectRefused(hackerBody(shared, birth));
      expect(error.error).toContain('Please enter a valid birthday');
    }
  });

  it('refuses an applicant under 18 on the event day without a guardian', async () => {
    const error = await expectRefused(hackerBody(shared, { birthYear: 2007, birthMonth: 9, birthDay: 20 }));
    expect(error.error).toBe(`guardianName: ${GUARDIAN_MESSAGE}`);
  });

  it('accepts an applicant under 18 with a guardian, and one who turns 18 on the event day without', async () => {
    const minor = await newHacker();
    const withGuardian = await submit(
      ctx.app,
      minor.token,
      'hacker',
      hackerBody(minor, { birthYear: 2007, birthMonth: 9, birthDay: 20, guardianName: 'Mary Lovelace' }),
    );
    expect(withGuardian.statusCode).toBe(201);
    expect(withGuardian.json().application.answers.guardianName).toBe('Mary Lovelace');
    const adult = await newHacker();
    const eighteen = await submit(
      ctx.app,
      adult.token,
      'hacker',
      hackerBody(adult, { birthYear: 2007, birthMonth: 9, birthDay: 19 }),
    );
    expect(eighteen.statusCode).toBe(201);
  });

  it('refuses terms not accepted', async () => {
    for (const patch of [
      { termsAccepted: false },
      { mlhTermsAccepted: false },
      { termsAccepted: undefined },
    ]) {
      const error = await expectRefused(hackerBody(shared, patch));
      expect(error.error).toContain('You must accept the terms to apply.');
    }
  });

  it('refuses a javascript: portfolio link', async () => {
    const error = await expectRefused(hackerBody(shared, { portfolio: 'javascript:alert(document.cookie)' }));
    expect(error.error).toContain('portfolio');
  });

  it.each([
    ['status', 'accepted'],
    ['role', 'mentor'],
    ['user_id', '00000000-0000-0000-0000-000000000000'],
    ['access_code_used', 'X'],
    ['rsvp_status', 'accepted'],
    ['checked_in', true],
  ])('refuses a field the applicant does not own (%s) and stores nothing', async (field, value) => {
    const error = await expectRefused({ ...hackerBody(shared), [field]: value });
    expect(error).toEqual({ error: `Unknown field: ${field}`, code: 'validation_error' });
  });

  it('refuses wrong types and unknown enum values', async () => {
    expect((await expectRefused(hackerBody(shared, { birthYear: '2000' }))).error).toContain('birthYear');
    expect((await expectRefused(hackerBody(shared, { shirtSize: 'xxxl' }))).error).toContain('shirtSize');
    expect((await expectRefused(hackerBody(shared, { firstName: 'x'.repeat(101) }))).error).toContain(
      'firstName',
    );
  });

  it('refuses a hacker at the mentor endpoint and a mentor at the hacker endpoint (wrong_role)', async () => {
    const asMentor = await submit(ctx.app, shared.token, 'mentor', mentorAnswers());
    expect(asMentor.statusCode).toBe(403);
    expect(asMentor.json().code).toBe('wrong_role');
    expect(await applicationRows(ctx, shared.id)).toEqual([]);

    const m = await newMentor();
    const asHacker = await submit(ctx.app, m.token, 'hacker', hackerBody(m));
    expect(asHacker.statusCode).toBe(403);
    expect(asHacker.json().code).toBe('wrong_role');
    expect(await applicationRows(ctx, m.id)).toEqual([]);
  });

  it("refuses another user's upload as resume, or a made-up one, and stores nothing", async () => {
    const other = await newHacker();
    for (const resumeUrl of [
      other.resume.file_url,
      other.resume.name,
      '/api/upload/file/00000000-0000-4000-8000-000000000000',
      '/etc/passwd',
      '../../uploads/resumes/x.pdf',
    ]) {
      const error = await expectRefused({ ...hackerBody(shared), resume_url: resumeUrl });
      expect({ resumeUrl, code: error.code }).toEqual({ resumeUrl, code: 'invalid_resume' });
      expect(error.error).toContain('resume_url');
    }
    expect(await applicationRows(ctx, other.id)).toEqual([]);
  });

  it('stores SQL-looking text verbatim (parameters, never string building)', async () => {
    const a = await newHacker();
    const hostile = {
      firstName: "'; drop table users; --",
      lastName: 'O\'Brien" OR 1=1 --',
      major: "Robert'); DELETE FROM applications;--",
      whyAttendQuestion: "\\'; select pg_sleep(5); -- $1 $$ ?",
    };
    const res = await submit(ctx.app, a.token, 'hacker', hackerBody(a, hostile));
    expect(res.statusCode).toBe(201);
    const mine = (await me(a.token)).json().application;
    expect(mine.answers).toMatchObject(hostile);
    const { rows } = await ctx.database.pool.query(
      'select first_name, last_name, major from applications where user_id = $1',
      [a.id],
    );
    expect(rows[0]).toEqual({
      first_name: hostile.firstName,
      last_name: hostile.lastName,
      major: hostile.major,
    });
    const users = await ctx.database.pool.query('select count(*)::int as n from users');
    expect(users.rows[0].n).toBeGreaterThan(0);
  });
});

describe('mentor submissions', () => {
  it('accept no resume, and refuse 151 words or missing terms', async () => {
    const m = await registerUser(ctx.app, { role: 'mentor', remoteAddress: randomIp() });
    await markVerified(ctx.database.pool, m.email);
    const long = Array.from({ length: 151 }, () => 'word').join(' ');
    const tooLong = await submit(ctx.app, m.token, 'mentor', mentorAnswers({ whyGoodFit: long }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(
      'whyGoodFit: Why are you a good fit question must be 150 words or less.',
    );
    const noTerms = await submit(ctx.app, m.token, 'mentor', mentorAnswers({ mlhTermsAccepted: false }));
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().error).toContain('Please accept both terms and conditions.');
    const noAvailability = await submit(ctx.app, m.token, 'mentor', mentorAnswers({ judgeAvailability: '' }));
    expect(noAvailability.json().error).toContain('Please answer all availability questions.');
    expect(await applicationRows(ctx, m.id)).toEqual([]);

    const ok = await submit(ctx.app, m.token, 'mentor', mentorAnswers());
    expect(ok.statusCode).toBe(201);
    expect(ok.json().application).toMatchObject({ role: 'mentor', resume: null });
    expect(ok.json().application.answers).toMatchObject({
      title: 'Staff Engineer',
      affiliation: 'Example Corp',
    });
  });
});

describe('double submit', () => {
  it('five identical submissions at once make exactly one application; the rest get 409', async () => {
    const a = await newHacker();
    expect((await draft(a.token, 'PUT', { role: 'hacker', answers: { firstName: 'Ada' } })).statusCode).toBe(
      200,
    );
    const body = hackerBody(a);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submit(ctx.app, a.token, 'hacker', body)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({
        error: 'You have already submitted an application. Responses cannot be edited after submission.',
        code: 'already_applied',
      });
    }
    const rows = await applicationRows(ctx, a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.resume_upload_id).toBe(a.resume.name);
    const uploads = await ctx.database.pool.query(
      'select count(*)::int as n from uploads where owner_id = $1',
      [a.id],
    );
    expect(uploads.rows[0].n).toBe(1);
    expect((await draft(a.token)).json()).toEqual({ draft: null });
    // And later, one at a time: still 409.
    const again = await submit(ctx.app, a.token, 'hacker', body);
    expect(again.statusCode).toBe(409);
  });
});

describe('drafts', () => {
  it('saves and returns answers and resume; the user is then in progress with no application', async () => {
    const a = await newHacker();
    expect(await authStatus(a.token)).toBe('not_started');
    expect((await draft(a.token)).json()).toEqual({ draft: null });

    const answers = { firstName: 'Ada', birthYear: 2000, essays: { partial: true } };
    const put = await draft(a.token, 'PUT', { role: 'hacker', answers, resume_url: a.resume.file_url });
    expect(put.statusCode).toBe(200);
    const got = await draft(a.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.json()).toEqual({
      draft: { role: 'hacker', answers, resume: a.resume, updated_at: expect.any(String) },
    });
    expect(put.json()).toEqual(got.json());

    expect(await authStatus(a.token)).toBe('in_progress');
    const mine = await me(a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ application: null });

    // Leaving resume_url out keeps the resume; null lets go of it.
    await draft(a.token, 'PUT', { role: 'hacker', answers: { firstName: 'Ada L.' } });
    expect((await draft(a.token)).json().draft).toMatchObject({
      answers: { firstName: 'Ada L.' },
      resume: a.resume,
    });
    await draft(a.token, 'PUT', { role: 'hacker', answers: {}, resume_url: null });
    expect((await draft(a.token)).json().draft).toMatchObject({ answers: {}, resume: null });
  });

  it('a refused submit leaves the saved draft as it was', async () => {
    const a = await newHacker();
    const answers = hackerAnswers({ firstName: 'Keep me' });
    await draft(a.token, 'PUT', { role: 'hacker', answers, resume_url: a.resume.file_url });
    await setSettings(ctx, { application_deadline: new Date(Date.now() - HOUR) });
    const res = await submit(ctx.app, a.token, 'hacker', hackerBody(a));
    expect(res.json().code).toBe('applications_closed');
    expect((await draft(a.token)).json().draft).toMatchObject({ answers, resume: a.resume });
    expect(await authStatus(a.token)).toBe('in_progress');
  });

  it('refuses a draft after submission (409)', async () => {
    const a = await newHacker();
    expect((await submit(ctx.app, a.token, 'hacker', hackerBody(a))).statusCode).toBe(201);
    const res = await draft(a.token, 'PUT', { role: 'hacker', answers: { firstName: 'Changed' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('already_applied');
    expect((await draft(a.token)).json()).toEqual({ draft: null });
    expect((await me(a.token)).json().application.answers.firstName).toBe('Ada');
  });

  it('refuses a draft for the other role (403), an oversized one and a foreign resume (400)', async () => {
    const a = await newHacker();
    const other = await newHacker();
    const wrongRole = await draft(a.token, 'PUT', { role: 'mentor', answers: {} });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().code).toBe('wrong_role');

    const big = await draft(a.token, 'PUT', { role: 'hacker', answers: { essay: 'x'.repeat(100_001) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toContain('Draft is too large');

    const foreign = await draft(a.token, 'PUT', {
      role: 'hacker',
      answers: {},
      resume_url: other.resume.file_url,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('invalid_resume');

    const extra = await draft(a.token, 'PUT', { role: 'hacker', answers: {}, status: 'accepted' });
    expect(extra.statusCode).toBe(400);
    expect((await draft(a.token)).json()).toEqual({ draft: null });
    expect(await authStatus(a.token)).toBe('not_started');
  });

  it("an older save of a page, landing after its newer one, changes nothing; another page's save applies", async () => {
    const a = await newHacker();
    const save = (answers: Record<string, unknown>, page?: { client_tab: string; client_seq: number }) =>
      draft(a.token, 'PUT', { role: 'hacker', answers, ...page });
    const tab = 'tab-0123456789abcdef';
    expect((await save({ firstName: 'Newer' }, { client_tab: tab, client_seq: 2 })).statusCode).toBe(200);
    // The save the closing tab sent first arrives second: answered, but the newer answers stay.
    const late = await save({ firstName: 'Older' }, { client_tab: tab, client_seq: 1 });
    expect(late.statusCode).toBe(200);
    expect(late.json().draft.answers).toEqual({ firstName: 'Newer' });
    expect((await draft(a.token)).json().draft.answers).toEqual({ firstName: 'Newer' });
    // The same count again (a retry of the newest) applies.
    await save({ firstName: 'Newer, retried' }, { client_tab: tab, client_seq: 2 });
    expect((await draft(a.token)).json().draft.answers).toEqual({ firstName: 'Newer, retried' });
    // Another tab or device counts from 1, and its saves apply.
    await save({ firstName: 'Phone' }, { client_tab: 'phone-0123456789', client_seq: 1 });
    expect((await draft(a.token)).json().draft.answers).toEqual({ firstName: 'Phone' });
    // So does a save without a page (a client from before), and the first page after it.
    await save({ firstName: 'No page' });
    expect((await draft(a.token)).json().draft.answers).toEqual({ firstName: 'No page' });
    await save({ firstName: 'Back' }, { client_tab: tab, client_seq: 1 });
    expect((await draft(a.token)).json().draft.answers).toEqual({ firstName: 'Back' });

    for (const page of [
      { client_tab: tab },
      { client_seq: 3 },
      { client_tab: tab, client_seq: 0 },
      { client_tab: 'short', client_seq: 3 },
      { client_tab: 'not a tab id!', client_seq: 3 },
      { client_tab: tab, client_seq: 2 ** 31 },
    ]) {
      const res = await draft(a.token, 'PUT', { role: 'hacker', answers: { firstName: 'Bad' }, ...page });
      expect(res.statusCode, JSON.stringify(page)).toBe(400);
    }
    expect((await draft(a.token)).json().draft.answers).toEqual({ firstName: 'Back' });
  });

  it('drafts are for applicants only', async () => {
    const admin = await createAdmin(ctx);
    const res = await draft(admin.token, 'PUT', { role: 'hacker', answers: {} });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/applications/draft' })).statusCode).toBe(401);
  });
});

describe('decisions stay hidden until released', () => {
  async function setStatus(userId: string, status: string, rsvp: string | null = null) {
    await ctx.database.pool.query(
      'update applications set status = $2, rsvp_status = $3 where user_id = $1',
      [userId, status, rsvp],
    );
  }

  it('a hacker sees "submitted" under review until hacker decisions are released', async () => {
    const a = await newHacker();
    await submit(ctx.app, a.token, 'hacker', hackerBody(a));
    for (const status of ['accepted', 'rejected', 'waitlisted']) {
      await setStatus(a.id, status, status === 'accepted' ? 'accepted' : null);
      await setSettings(ctx, { mentor_decisions_released: true });
      const hidden = (await me(a.token)).json().application;
      expect({ status, seen: hidden.status }).toEqual({ status, seen: 'submitted' });
      expect(hidden).toMatchObject({ under_review: true, decisions_released: false, rsvp_status: null });
      expect(await authStatus(a.token)).toBe('submitted');

      await ctx.database.pool.query('update settings set hacker_decisions_released = true');
      const shown = (await me(a.token)).json().application;
      expect(shown).toMatchObject({ status, under_review: false, decisions_released: true });
      expect(await authStatus(a.token)).toBe(status);
    }
    expect((await me(a.token)).json().application.rsvp_status).toBeNull();
    await setStatus(a.id, 'accepted', 'accepted');
    expect((await me(a.token)).json().application.rsvp_status).toBe('accepted');
  });

  it('a mentor is released only by the mentor flag', async () => {
    const m = await newMentor();
    await submit(ctx.app, m.token, 'mentor', { ...mentorAnswers(), resume_url: m.resume.file_url });
    await setStatus(m.id, 'accepted');
    await setSettings(ctx, { hacker_decisions_released: true });
    expect((await me(m.token)).json().application).toMatchObject({
      status: 'submitted',
      under_review: true,
      decisions_released: false,
    });
    expect(await authStatus(m.token)).toBe('submitted');
    await setSettings(ctx, { mentor_decisions_released: true });
    expect((await me(m.token)).json().application).toMatchObject({
      status: 'accepted',
      under_review: false,
      decisions_released: true,
    });
    expect(await authStatus(m.token)).toBe('accepted');
  });

  it('a pending application reads "submitted" whether or not decisions are released', async () => {
    const a = await newHacker();
    await submit(ctx.app, a.token, 'hacker', hackerBody(a));
    await setSettings(ctx, { hacker_decisions_released: true });
    expect((await me(a.token)).json().application.status).toBe('submitted');
    expect(await authStatus(a.token)).toBe('submitted');
  });
});

describe('submitting needs a verified address', () => {
  const UNVERIFIED =
    'Please verify your email address before you submit. Open the link we emailed you, or choose "Resend verification email" on your dashboard to get a new one. Your answers are kept.';

  async function mailCount(email: string, kind: string): Promise<number> {
    return (await outboxFor(ctx, email, kind)).length;
  }

  it('an unverified account keeps its draft but cannot submit (403 email_unverified); nothing is stored or mailed', async () => {
    const a = await applicantWithResume(ctx, 'hacker', { verified: false });
    const saved = await draft(a.token, 'PUT', {
      role: 'hacker',
      answers: { firstName: 'Ada' },
      resume_url: a.resume.file_url,
    });
    expect(saved.statusCode).toBe(200);

    for (const role of ['hacker', 'mentor'] as const) {
      const who = role === 'hacker' ? a : await applicantWithResume(ctx, 'mentor', { verified: false });
      const body = role === 'hacker' ? hackerBody(a) : mentorAnswers();
      const res = await submit(ctx.app, who.token, role, body);
      expect({ role, status: res.statusCode, body: res.json() }).toEqual({
        role,
        status: 403,
        body: { error: UNVERIFIED, code: 'email_unverified' },
      });
      expect(await applicationRows(ctx, who.id)).toEqual([]);
      expect(await mailCount(who.email, 'application_received')).toBe(0);
    }
    const kept = await draft(a.token);
    expect(kept.json()).toMatchObject({ draft: { answers: { firstName: 'Ada' }, resume: a.resume } });
    expect(await authStatus(a.token)).toBe('in_progress');
  });

  it('the mailed link, or a resent one, verifies the address; the same session then submits', async () => {
    const u = await registerUser(ctx.app, { remoteAddress: randomIp() });
    const resume = await uploadResume(ctx.app, u.token);
    const body = { ...hackerAnswers(), resume_url: resume.file_url };
    expect((await submit(ctx.app, u.token, 'hacker', body)).json().code).toBe('email_unverified');

    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: bearer(u.token),
      payload: {},
    });
    expect(resend.statusCode).toBe(200);
    const mails = await outboxFor(ctx, u.email, 'email_verification');
    expect(mails).toHaveLength(2);
    // Links are made when a message is sent: read the newest one where it arrives.
    const mailbox = await openMailbox(ctx);
    const token = await mailbox.token(u.email, 'email_verification').finally(() => mailbox.close());
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);

    const res = await submit(ctx.app, u.token, 'hacker', body);
    expect(res.statusCode).toBe(201);
    expect(await mailCount(u.email, 'application_received')).toBe(1);
  });
});
