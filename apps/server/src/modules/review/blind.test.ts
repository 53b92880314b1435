/**
 * Blind review: a hidden group's values never leave the server in any reviewer response (next,
 * get-one, submit, skip, mine), and each group shows once the event unhides it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLIND_FIELDS, type BlindField } from '@lanyard/shared/review';
import { createTestContext, type TestContext } from '../../../test/helper';
import { reviewerSession, submittedApplications, type ReviewerSession } from '../../../test/review';

let ctx: TestContext;
let admin: ReviewerSession;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await reviewerSession(ctx, 'admin');
});
afterAll(() => ctx.close());

interface Secret {
  tag: string;
  /** Recognisable text of each group: none of it may appear while the group is hidden. */
  text: Record<BlindField, string[]>;
  resumeId: string;
}

/** An application whose every blind answer is a word found nowhere else. */
async function secretApplication(role: 'hacker' | 'mentor', submittedAt: Date) {
  const tag = crypto.randomBytes(3).toString('hex');
  const resumeId = crypto.randomUUID();
  const w = (word: string) => `${word}${tag}`;
  const email = `${w('blindmail')}@secret.example`;
  const answers: Record<string, unknown> = {
    firstName: w('Zanzibar'),
    lastName: w('Quillfeather'),
    phone: `+1 555 ${tag}`,
    birthDay: 23,
    birthMonth: 11,
    birthYear: 1987,
    gender: 'other',
    genderOther: w('Nebulagender'),
    race: 'raceOther',
    raceOther: w('Skyfolk'),
    ...(role === 'hacker'
      ? {
          university: w('Secretvale'),
          major: 'Cartography',
          travelFrom: w('Secretburg'),
          portfolio: `https://${w('portfoliosite')}.example.org`,
          guardianName: w('Guardianus'),
          referralName: w('Referrus'),
          backgroundQuestion: 'I map caves and write software for it',
          whyAttendQuestion: 'To learn from others',
          householdObjectQuestion: 'A lamp',
          shirtSize: 'xl',
          dietaryRestrictions: w('Halalish'),
          howDidYouHear: w('Heardvia'),
          needsVisa: true,
          needsAccommodation: true,
          recruitmentEmails: true,
          socialMediaConnection: 'instagram',
        }
      : {
          title: w('Chiefwizard'),
          affiliation: w('Hiddencorp'),
          workEmail: `${w('workmail')}@hiddencorp.example`,
          whyGoodFit: 'I have mentored before',
          expertiseAreas: ['Databases'],
        }),
  };
  await ctx.database.pool.query(
    `insert into uploads (id, storage_key, original_name, content_type, size_bytes, sha256)
     values ($1, $2, $3, 'application/pdf', 10, 'x')`,
    [resumeId, `resumes/${resumeId}.pdf`, `${w('resumefile')}.pdf`],
  );
  const [app] = await submittedApplications(ctx, 1, () => ({
    role,
    submittedAt,
    firstName: answers.firstName as string,
    lastName: answers.lastName as string,
    email,
    phone: answers.phone as string,
    school: (answers.university ?? answers.affiliation) as string,
    birthDay: 23,
    birthMonth: 11,
    birthYear: 1987,
    portfolioUrl: (answers.portfolio as string | undefined) ?? null,
    resumeUploadId: resumeId,
    answers,
  }));
  const secret: Secret = {
    tag,
    resumeId,
    text: {
      name: [w('Zanzibar'), w('Quillfeather'), w('Guardianus'), w('Referrus')],
      email: [w('blindmail'), w('workmail')],
      phone: [`555 ${tag}`],
      school: [w('Secretvale'), w('Chiefwizard'), w('Hiddencorp')],
      date_of_birth: ['11/23/1987'],
      age: [],
      gender: [w('Nebulagender')],
      race: [w('Skyfolk')],
      travel_from: [w('Secretburg')],
      links: [w('portfoliosite')],
      resume: [resumeId, w('resumefile')],
    },
  };
  return { id: app!.id, secret };
}

/** Every hidden group's text is absent from the response body, whatever its case. */
function expectBlind(body: string, secret: Secret, hidden: readonly BlindField[], what: string) {
  const lower = body.toLowerCase();
  for (const group of hidden) {
    for (const text of secret.text[group]) {
      expect(lower.includes(text.toLowerCase()), `${what}: ${group} (${text}) leaked`).toBe(false);
    }
  }
}

// Mentors are not asked their birth date, gender, race, travel or links: nothing to show for those.
const MENTOR_ASKED: readonly BlindField[] = ['name', 'email', 'phone', 'school'];

async function setHidden(hidden: readonly BlindField[]) {
  const res = await admin.call('PUT', '/api/review/settings', { hidden_fields: hidden });
  expect(res.statusCode, res.body).toBe(200);
}

describe('blind review', () => {
  it('leaves every hidden group out of next, get-one, submit, mine and skip', async () => {
    await setHidden(BLIND_FIELDS);
    const t = Date.parse('2020-01-01T00:00:00Z');
    const hacker = await secretApplication('hacker', new Date(t));
    const mentor = await secretApplication('mentor', new Date(t + 1000));
    const skipped = await secretApplication('hacker', new Date(t + 2000));
    const r = await reviewerSession(ctx);
    const all = [hacker, mentor, skipped];
    const check = (body: string, what: string) => {
      for (const a of all) expectBlind(body, a.secret, BLIND_FIELDS, what);
    };

    for (const [app, scores] of [
      [hacker, { experience: 4, motivation: 4, creativity: 4 }],
      [mentor, { expertise: 3, fit: 5 }],
    ] as const) {
      const next = await r.call('GET', '/api/review/next');
      expect(next.json().application.id).toBe(app.id);
      expect(next.json().application.age).toBeNull();
      expect(next.json().application.resume_url).toBeNull();
      check(next.body, 'next');
      const one = await r.call('GET', `/api/review/${app.id}`);
      expect(one.statusCode).toBe(200);
      check(one.body, 'get-one (held)');
      const submitted = await r.call('POST', `/api/review/${app.id}`, { scores, note: 'fine' });
      expect(submitted.statusCode, submitted.body).toBe(200);
      check(submitted.body, 'submit');
      const edited = await r.call('GET', `/api/review/${app.id}`);
      check(edited.body, 'get-one (own review)');
      const resume = await r.call('GET', `/api/review/${app.id}/resume`);
      expect(resume.statusCode).toBe(404);
      check(resume.body, 'resume');
    }
    const next = await r.call('GET', '/api/review/next');
    expect(next.json().application.id).toBe(skipped.id);
    check(next.body, 'next (to skip)');
    const skip = await r.call('POST', `/api/review/${skipped.id}/skip`, { reason: 'not_comfortable' });
    expect(skip.statusCode).toBe(200);
    check(skip.body, 'skip');
    const mine = await r.call('GET', '/api/review/mine');
    expect(mine.json().reviews).toHaveLength(2);
    check(mine.body, 'mine');
  });

  it('shows each group once it is unhidden, and still hides the others', async () => {
    const hackerApp = await secretApplication('hacker', new Date('2019-02-01T00:00:00Z'));
    const mentorApp = await secretApplication('mentor', new Date('2019-02-01T00:00:01Z'));
    const r = await reviewerSession(ctx);
    // The reviewer reviews both (blind), then reads them again under each setting.
    await setHidden(BLIND_FIELDS);
    for (const [app, scores] of [
      [hackerApp, { experience: 2, motivation: 2, creativity: 2 }],
      [mentorApp, { expertise: 2, fit: 2 }],
    ] as const) {
      expect((await r.next()).application?.id).toBe(app.id);
      expect((await r.call('POST', `/api/review/${app.id}`, { scores })).statusCode).toBe(200);
    }

    for (const group of BLIND_FIELDS) {
      const hidden = BLIND_FIELDS.filter((g) => g !== group);
      await setHidden(hidden);
      for (const app of [hackerApp, mentorApp]) {
        const res = await r.call('GET', `/api/review/${app.id}`);
        expect(res.statusCode).toBe(200);
        expectBlind(res.body, app.secret, hidden, `${group} shown`);
        const body = res.json();
        const lower = res.body.toLowerCase();
        const present = app.secret.text[group].filter((t) => lower.includes(t.toLowerCase()));
        if (group === 'age') expect(body.application.age).toBeGreaterThan(30);
        else expect(body.application.age).toBeNull();
        if (group === 'resume') {
          expect(body.application.resume_url).toBe(`/api/review/${app.id}/resume`);
          const link = await r.call('GET', body.application.resume_url);
          expect(link.statusCode).toBe(303);
          expect(link.headers.location).toMatch(new RegExp(`^/api/files/${app.secret.resumeId}\\?`));
        } else if (group !== 'age' && (app === hackerApp || MENTOR_ASKED.includes(group))) {
          expect(present.length, `${group} is shown`).toBeGreaterThan(0);
        }
      }
    }

    // With nothing hidden, the name and address are there in words.
    await setHidden([]);
    const open = (await r.call('GET', `/api/review/${hackerApp.id}`)).json();
    const labels = open.application.answers.map((a: { label: string }) => a.label);
    expect(labels).toEqual(expect.arrayContaining(['First Name', 'Last Name', 'Email', 'Phone', 'School']));
    // Logistics are never shown, blind or not: they say nothing about merit, and some are sensitive.
    for (const label of [
      'Shirt Size',
      'Dietary Restrictions',
      'How Did You Hear About Us',
      'Needs Visa Sponsorship',
      'Needs Accommodations',
      'Recruitment Emails',
      'Social Media Connection',
    ]) {
      expect(labels).not.toContain(label);
    }
    const body = JSON.stringify(open).toLowerCase();
    for (const word of ['Halalish', 'Heardvia'])
      expect(body).not.toContain(`${word}${hackerApp.secret.tag}`.toLowerCase());
  });
});
