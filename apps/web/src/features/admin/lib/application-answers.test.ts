import { describe, expect, it } from 'vitest';
import { answerSections, formatAnswer, humanizeKey, NOT_PROVIDED } from './application-answers';

const hacker = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 555',
  major: 'CS',
  university: 'Riverside',
  isHighSchool: false,
  graduationYear: '2027',
  birthDay: 9,
  birthMonth: 12,
  birthYear: 2000,
  gender: 'other',
  genderOther: 'Agender',
  race: 'asian',
  shirtSize: 'm',
  needsVisa: true,
  backgroundQuestion: 'Compilers.',
  householdObjectQuestion: 'A lamp.',
  whyLanyardQuestion: 'To learn.',
  portfolio: 'https://example.com/me',
  dietaryRestrictions: '',
  somethingNew: ['a', 'b'],
};

describe('answer sections', () => {
  it('lists the three essays first, why-attend first even under an event-named key', () => {
    const { essays } = answerSections('hacker', hacker);
    expect(essays.map((e) => e.key)).toEqual([
      'whyLanyardQuestion',
      'backgroundQuestion',
      'householdObjectQuestion',
    ]);
    expect(essays[0]!.value).toBe('To learn.');
  });

  it('shows the other answers in form order with readable labels and shared label maps', () => {
    const { fields } = answerSections('hacker', hacker);
    const labels = fields.map((f) => f.label);
    expect(labels.slice(0, 4)).toEqual(['First Name', 'Last Name', 'Phone', 'Major']);
    const byLabel = Object.fromEntries(fields.map((f) => [f.label, f.value]));
    expect(byLabel['Date of Birth']).toBe('12/9/2000');
    expect(byLabel['Gender']).toBe('Other: Agender');
    expect(byLabel['Race / Ethnicity']).toBe('Asian');
    expect(byLabel['Shirt Size']).toBe('M');
    expect(byLabel['Needs Visa Sponsorship']).toBe('Yes');
    expect(byLabel['Dietary Restrictions']).toBe(NOT_PROVIDED);
    expect(fields.find((f) => f.key === 'portfolio')?.href).toBe('https://example.com/me');
    // Folded keys are not repeated; unknown keys come last under a made-up label.
    expect(fields.some((f) => f.key === 'birthDay' || f.key === 'genderOther')).toBe(false);
    expect(fields.at(-1)).toEqual({ key: 'somethingNew', label: 'Something new', value: 'a, b' });
  });

  it('never links a non-http portfolio', () => {
    const { fields } = answerSections('hacker', { ...hacker, portfolio: 'javascript:alert(1)' });
    const row = fields.find((f) => f.key === 'portfolio');
    expect(row?.href).toBeUndefined();
    expect(row?.value).toBe('javascript:alert(1)');
  });

  it('puts the mentor essay first and labels choices', () => {
    const { essays, fields } = answerSections('mentor', {
      firstName: 'Alan',
      whyGoodFit: 'I like teaching.',
      mentorAvailability: 'likely',
      onsiteAvailability: 'hybrid',
      programmingLanguages: ['Go', 'Rust'],
    });
    expect(essays[0]).toMatchObject({ key: 'whyGoodFit', value: 'I like teaching.' });
    const byLabel = Object.fromEntries(fields.map((f) => [f.label, f.value]));
    expect(byLabel['Available to mentor?']).toBe('Likely');
    expect(byLabel['Onsite availability']).toBe('Hybrid');
    expect(byLabel['Programming Languages']).toBe('Go, Rust');
  });
});

describe('formatAnswer and humanizeKey', () => {
  it('turns values into text', () => {
    expect(formatAnswer(false)).toBe('No');
    expect(formatAnswer(null)).toBe(NOT_PROVIDED);
    expect(formatAnswer(['', 'x'])).toBe('x');
    expect(formatAnswer({ a: 1 })).toBe('{"a":1}');
  });

  it('makes labels from keys', () => {
    expect(humanizeKey('householdObjectQuestion')).toBe('Household object question');
    expect(humanizeKey('shirt_size')).toBe('Shirt size');
  });
});

describe('answer sections with custom answers', () => {
  const custom = (
    n: number,
    section: 'personal' | 'academic' | 'essays' | 'links' | 'community',
    label: string,
  ) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    section,
    label,
    text: n === 9 ? ' ' : `answer ${n}`,
    reviewer_visible: true,
  });
  const labels = (items: { label: string }[]) => items.map((i) => i.label);

  it('without any: exactly the built-in rows', () => {
    expect(answerSections('hacker', hacker, [])).toEqual(answerSections('hacker', hacker));
  });

  it('puts each after the rows of its section, the essays after the essays', () => {
    const plain = answerSections('hacker', hacker);
    const { essays, fields } = answerSections('hacker', hacker, [
      custom(1, 'personal', 'Pronouns'),
      custom(2, 'essays', 'Proudest hack'),
      custom(3, 'academic', 'Minor'),
      custom(9, 'personal', 'Team'),
    ]);
    expect(labels(essays)).toEqual([...labels(plain.essays), 'Proudest hack']);
    const shirt = labels(fields).indexOf('Shirt Size');
    expect(labels(fields).slice(shirt + 1, shirt + 3)).toEqual(['Pronouns', 'Team']);
    expect(fields.find((f) => f.label === 'Team')?.value).toBe(NOT_PROVIDED);
    const graduation = labels(fields).indexOf('Graduation Year');
    expect(labels(fields).indexOf('Minor')).toBeGreaterThan(graduation);
    expect(fields).toHaveLength(plain.fields.length + 3);
  });

  it('a section without rows: before the next section, and answers the catalogue lacks stay last', () => {
    const { fields } = answerSections('hacker', hacker, [custom(4, 'community', 'Club')]);
    expect(labels(fields).at(-1)).toBe('Something new');
    expect(labels(fields).at(-2)).toBe('Club');
  });

  it('reads custom answers from `custom`, never raw from answers.custom', () => {
    const { fields } = answerSections('hacker', { ...hacker, custom: { x: { selected: ['a'] } } }, []);
    expect(labels(fields)).not.toContain('Custom');
  });
});
