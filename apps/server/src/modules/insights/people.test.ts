import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demographicsSchema, type Bucket } from '@lanyard/shared/insights';
import { createTestContext, type TestContext } from '../../../test/helper';
import { insightsReader, people, person } from '../../../test/insights';
import type { ApplicationInsert } from '../../../test/factories';

let ctx: TestContext;
let read: Awaited<ReturnType<typeof insightsReader>>;
beforeAll(async () => {
  ctx = await createTestContext();
  read = await insightsReader(ctx);
});
afterAll(() => ctx.close());

const pairs = (buckets: Bucket[] | null) => buckets?.map((b) => [b.label, b.count, b.key]);

/** Eighteen hackers, each answer spread as the comments say, and two mentors with few answers. */
const GENDERS = [...Array(9).fill('male'), ...Array(4).fill('female'), ...Array(5).fill('prefer-not-to-say')];
const RACES = [...Array(6).fill('asian'), ...Array(5).fill('white'), ...Array(2).fill('black')];
const YEARS = [...Array(10).fill('2027'), ...Array(3).fill('May 2028'), 'Class of 26'];
const HEARD = ['Instagram', 'Instagram', 'Instagram', 'Instagram', 'Instagram', 'instagram', 'instagram'];
HEARD.push(' INSTAGRAM ', 'A friend', 'A friend', 'A friend');
/** Event's first day 2025-09-19 (config/event.json): born 2007-09-20 is 17 then, 2007-09-19 just 18. */
const BIRTHS: [number, number, number][] = [
  [2007, 9, 20],
  [2007, 9, 19],
  [2004, 9, 19],
  [2000, 9, 20],
  [2000, 9, 19],
  [1995, 9, 19],
];
const SCHOOLS = [
  'Alpha University',
  'Alpha University',
  ...Array.from({ length: 16 }, (_, i) => `School ${i + 10}`),
];

function hacker(i: number): Partial<ApplicationInsert> {
  const birth = BIRTHS[i];
  return {
    status: i < 5 ? 'accepted' : 'pending',
    school: SCHOOLS[i]!,
    major: i < 14 ? 'Computer Science' : `Major ${i}`,
    isHighSchool: i < 2,
    ...(birth ? { birthYear: birth[0], birthMonth: birth[1], birthDay: birth[2] } : {}),
    answers: {
      gender: GENDERS[i],
      ...(RACES[i] ? { race: RACES[i] } : {}),
      ...(YEARS[i] ? { graduationYear: YEARS[i] } : {}),
      ...(HEARD[i] ? { howDidYouHear: HEARD[i] } : {}),
    },
  };
}

describe('GET /api/admin/insights/demographics', () => {
  beforeAll(async () => {
    await people(ctx, 18, (i) => ({ application: hacker(i) }));
    await people(ctx, 2, () => ({
      role: 'mentor',
      application: {
        status: 'pending',
        school: 'Acme Corp',
        major: 'Engineer',
        answers: { howDidYouHear: 'A friend' },
      },
    }));
    // An account with only a draft is no application.
    await person(ctx, { draft: new Date() });
  });

  it('counts schools, majors, years, levels and ages of the submitted applications', async () => {
    const d = await read(demographicsSchema, 'demographics');
    expect(d.total).toBe(20);
    // The fifteen largest, then the rest as "Others"; the key is what the list's school filter takes.
    expect(d.schools).toHaveLength(16);
    expect(d.schools[0]).toEqual({ label: 'Acme Corp', count: 2, key: 'Acme Corp' });
    expect(d.schools[1]).toEqual({ label: 'Alpha University', count: 2, key: 'Alpha University' });
    expect(d.schools[15]).toEqual({ label: 'Others', count: 20 - 2 - 2 - 13, key: null });
    expect(pairs(d.majors)).toEqual([
      ['Computer Science', 14, 'Computer Science'],
      ['Engineer', 2, 'Engineer'],
      ['Major 14', 1, 'Major 14'],
      ['Major 15', 1, 'Major 15'],
      ['Major 16', 1, 'Major 16'],
      ['Major 17', 1, 'Major 17'],
    ]);
    expect(pairs(d.graduation_years)).toEqual([
      ['2027', 10, null],
      ['2028', 3, null],
      ['Other', 1, null],
      ['Not given', 6, null],
    ]);
    expect(pairs(d.levels)).toEqual([
      ['High school', 2, 'true'],
      ['College', 18, 'false'],
    ]);
    expect(pairs(d.ages)).toEqual([
      ['Under 18', 1, 'true'],
      ['18–20', 1, null],
      ['21–24', 2, null],
      ['25–29', 1, null],
      ['30 or older', 1, null],
      ['Unknown', 14, null],
    ]);
    expect(pairs(d.heard)).toEqual([
      ['Instagram', 8, null],
      ['A friend', 5, null],
    ]);
    expect(d.first_time).toBeNull();
  });

  it('never shows a gender or race group of fewer than five people', async () => {
    const d = await read(demographicsSchema, 'demographics');
    // Four women (and two unanswered) are merged into "Other", which is then large enough.
    expect(pairs(d.genders)).toEqual([
      ['Male', 9, null],
      ['Prefer not to say', 5, null],
      ['Other', 4 + 2, null],
    ]);
    // Two Black applicants are merged; that "Other" is too small and takes in the smallest group.
    expect(pairs(d.races)).toEqual([
      ['Asian', 6, null],
      ['Not given', 5 + 2, null],
      ['Other', 2 + 5, null],
    ]);
    for (const b of [...d.genders, ...d.races]) expect(b.count).toBeGreaterThanOrEqual(5);
  });

  it('shows nothing of gender or race when fewer than five people are counted', async () => {
    const d = await read(demographicsSchema, 'demographics', 'role=mentor');
    expect(d.total).toBe(2);
    expect(d.genders).toEqual([]);
    expect(d.races).toEqual([]);
    expect(pairs(d.levels)).toEqual([
      ['High school', 0, 'true'],
      ['College', 2, 'false'],
    ]);
  });

  it('the role and status filters choose the applications', async () => {
    const accepted = await read(demographicsSchema, 'demographics', 'status=accepted');
    expect(accepted.total).toBe(5);
    expect(pairs(accepted.genders)).toEqual([['Male', 5, null]]);
    expect(pairs(accepted.ages)!.slice(0, 2)).toEqual([
      ['Under 18', 1, 'true'],
      ['18–20', 1, null],
    ]);
    const hackers = await read(demographicsSchema, 'demographics', 'role=hacker&status=submitted');
    // "submitted" finds the pending, as the Applications list's status filter does.
    expect(hackers.total).toBe(13);
  });

  it('counts first hackathons once a form asks', async () => {
    await people(ctx, 3, (i) => ({
      application: { status: 'pending', answers: { firstHackathon: i < 2 ? true : 'no' } },
    }));
    const d = await read(demographicsSchema, 'demographics');
    expect(pairs(d.first_time)).toEqual([
      ['First hackathon', 2, null],
      ['Been before', 1, null],
      ['Not given', 20, null],
    ]);
  });
});
