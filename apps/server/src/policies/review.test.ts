import { describe, expect, it } from 'vitest';
import { BLIND_FIELDS, DEFAULT_RUBRIC, type BlindField, type RubricCriterion } from '@lanyard/shared/review';
import {
  isOwnApplication,
  reviewApplicationView,
  reviewEditable,
  reviewsNeeded,
  rubricChangeProblem,
  scoresProblem,
  totalsChange,
  type ReviewSource,
} from './review';

const ESSAY = 'I build small robots and want to learn embedded Rust';

function hacker(answers: Record<string, unknown> = {}): ReviewSource {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-0000000000aa',
    role: 'hacker',
    email: 'zelda.quartermaine@example.org',
    submittedAt: new Date('2026-01-02T03:04:05Z'),
    birthYear: 2001,
    birthMonth: 7,
    birthDay: 9,
    resumeUploadId: '00000000-0000-4000-8000-0000000000bb',
    answers: {
      firstName: 'Zelda',
      lastName: 'Quartermaine',
      phone: '+1 555 0199 777',
      university: 'Wyvern Polytechnic',
      major: 'Mechatronics',
      birthDay: 9,
      birthMonth: 7,
      birthYear: 2001,
      gender: 'other',
      genderOther: 'Starfolk',
      race: 'raceOther',
      raceOther: 'Moonkin',
      travelFrom: 'Tromsø',
      portfolio: 'https://zelda-portfolio.example.org',
      guardianName: 'Guardian Quartermaine',
      referralName: 'Referrer Ravenscroft',
      backgroundQuestion: ESSAY,
      whyAttendQuestion: 'To meet people',
      householdObjectQuestion: 'A kettle: it whistles',
      termsAccepted: true,
      importedExtra: 'Zelda Quartermaine from an import',
      ...answers,
    },
  };
}

const view = (hidden: readonly BlindField[], source = hacker()) =>
  reviewApplicationView(source, { hidden, eventStart: '2026-10-10' });

describe('the reviewer view of an application (blind review)', () => {
  it('hides every group by default: none of its values appears anywhere', () => {
    const text = JSON.stringify(view(BLIND_FIELDS));
    for (const secret of [
      'Zelda',
      'Quartermaine',
      '0199',
      'Wyvern',
      'Starfolk',
      'Moonkin',
      'Tromsø',
      'zelda-portfolio',
      'Ravenscroft',
      '2001',
      '0000000000bb',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const v = view(BLIND_FIELDS);
    expect(v.age).toBeNull();
    expect(v.resume_url).toBeNull();
    // What is not blind is still there: the essays and the major.
    expect(text).toContain('Mechatronics');
    expect(text).toContain('A kettle');
  });

  it('shows the essays first, each with its word count', () => {
    const v = view(BLIND_FIELDS);
    const background = v.answers.find((a) => a.key === 'backgroundQuestion');
    expect(background).toMatchObject({ value: ESSAY, words: 10 });
    expect(v.answers.slice(0, 3).every((a) => a.words !== null)).toBe(true);
    expect(v.answers.find((a) => a.key === 'major')?.words).toBeNull();
  });

  it('never shows answers the catalogue does not know, nor consents', () => {
    const v = view([]);
    expect(v.answers.map((a) => a.key)).not.toContain('importedExtra');
    expect(v.answers.map((a) => a.key)).not.toContain('termsAccepted');
  });

  it('shows each group once it is no longer hidden, and only that group', () => {
    const expected: Record<BlindField, (v: ReturnType<typeof view>) => boolean> = {
      name: (v) => JSON.stringify(v).includes('Quartermaine'),
      email: (v) => v.answers.some((a) => a.value === 'zelda.quartermaine@example.org'),
      phone: (v) => JSON.stringify(v).includes('0199'),
      school: (v) => JSON.stringify(v).includes('Wyvern'),
      date_of_birth: (v) => JSON.stringify(v.answers).includes('7/9/2001'),
      age: (v) => v.age === 25,
      gender: (v) => JSON.stringify(v).includes('Starfolk'),
      race: (v) => JSON.stringify(v).includes('Moonkin'),
      travel_from: (v) => JSON.stringify(v).includes('Tromsø'),
      links: (v) => JSON.stringify(v).includes('zelda-portfolio'),
      resume: (v) => v.resume_url === '/api/review/00000000-0000-4000-8000-000000000001/resume',
    };
    for (const group of BLIND_FIELDS) {
      const v = view(BLIND_FIELDS.filter((g) => g !== group));
      expect(expected[group](v), `${group} shown`).toBe(true);
      for (const other of BLIND_FIELDS) {
        if (other !== group) expect(expected[other](v), `${other} hidden`).toBe(false);
      }
    }
  });

  it('reads an essay kept under an older key', () => {
    const source = hacker({ whyLanyardQuestion: 'Legacy words' });
    delete (source.answers as Record<string, unknown>).whyAttendQuestion;
    const v = view(BLIND_FIELDS, source);
    expect(v.answers.find((a) => a.key === 'whyLanyardQuestion')).toMatchObject({ words: 2 });
  });
});

describe('who may review what', () => {
  const reviewer = { id: 'r1', email: 'Reviewer@Example.org' };
  it('never one’s own application, by account or by address', () => {
    expect(isOwnApplication(reviewer, { userId: 'r1', email: 'x@example.org' })).toBe(true);
    expect(isOwnApplication(reviewer, { userId: 'u2', email: 'reviewer@example.org ' })).toBe(true);
    expect(isOwnApplication(reviewer, { userId: 'u2', email: 'other@example.org' })).toBe(false);
  });

  it('a review is editable until the role’s decisions are released', () => {
    const flags = { hackerDecisionsReleased: true, mentorDecisionsReleased: false };
    expect(reviewEditable(flags, 'hacker')).toBe(false);
    expect(reviewEditable(flags, 'mentor')).toBe(true);
  });

  it('a disputed application needs one review more', () => {
    expect(reviewsNeeded(2, false)).toBe(2);
    expect(reviewsNeeded(2, true)).toBe(3);
  });
});

describe('scores against the rubric', () => {
  const rubric = DEFAULT_RUBRIC.hacker;
  const full = { experience: 3, motivation: 4, creativity: 5 };
  it('accepts every criterion scored within its scale', () => {
    expect(scoresProblem(rubric, full, 'hacker')).toBeNull();
  });
  it('names an unknown criterion, a missing one and a score off the scale', () => {
    expect(scoresProblem(rubric, { ...full, charisma: 3 }, 'hacker')).toMatch(
      /“charisma” is not a criterion of the hacker rubric/,
    );
    expect(scoresProblem(rubric, { experience: 3, creativity: 5 }, 'hacker')).toBe(
      'Score every criterion: “Motivation” has no score.',
    );
    expect(scoresProblem(rubric, { ...full, motivation: 6 }, 'hacker')).toBe(
      '“Motivation” is scored from 1 to 5; 6 is outside that scale.',
    );
    expect(scoresProblem(rubric, { ...full, motivation: 0 }, 'hacker')).toMatch(/outside that scale/);
  });
});

describe('rubric changes once scores exist', () => {
  const before: RubricCriterion[] = DEFAULT_RUBRIC.hacker;
  it('refuses a scale change and a deletion, naming the criterion', () => {
    const rescaled = before.map((c) =>
      c.id === 'motivation' ? { ...c, scale: 4, levels: c.levels.slice(0, 4) } : c,
    );
    expect(rubricChangeProblem(before, rescaled)).toBe(
      'Scores exist for “Motivation”: its scale cannot change (it stays 1 to 5).',
    );
    expect(rubricChangeProblem(before, before.slice(0, 2))).toBe(
      'Scores exist for “Creativity”: it cannot be deleted.',
    );
  });
  it('allows names, meanings, weights and questions; only weights and scales change totals', () => {
    const renamed = before.map((c) => ({ ...c, name: `${c.name}!`, levels: c.levels.map((l) => `${l}.`) }));
    expect(rubricChangeProblem(before, renamed)).toBeNull();
    expect(totalsChange(before, renamed)).toBe(false);
    const reweighted = before.map((c) => (c.id === 'creativity' ? { ...c, weight: 3 } : c));
    expect(rubricChangeProblem(before, reweighted)).toBeNull();
    expect(totalsChange(before, reweighted)).toBe(true);
  });
});
