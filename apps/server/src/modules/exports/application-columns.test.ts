import { describe, expect, it } from 'vitest';
import { QUESTION_LIST } from '@lanyard/shared/questions';
import type { applications } from '../../db/schema/index';
import { parseCsv } from '../../../test/admin';
import { csvDocument } from '../../lib/csv';
import { APPLICATION_COLUMNS, type ApplicationCsvRow } from './application-columns';

type Application = typeof applications.$inferSelect;

async function csvRecords(apps: Partial<Application>[]): Promise<string[][]> {
  async function* batches(): AsyncGenerator<ApplicationCsvRow[]> {
    yield apps.map((a) => ({ application: { answers: {}, ...a } as Application, eventStart: '2025-10-10' }));
  }
  let text = '';
  for await (const piece of csvDocument(APPLICATION_COLUMNS, batches())) text += piece;
  return parseCsv(text.slice(1));
}

const cellsOf = async (app: Partial<Application>) => {
  const [header, row] = await csvRecords([app]);
  return Object.fromEntries(header!.map((h, i) => [h, row![i]]));
};

describe('the applications CSV columns', () => {
  it('has a column for every catalogue entry with a csv header, once each, in the catalogue’s order', async () => {
    const [header] = await csvRecords([]);
    const entries = QUESTION_LIST.filter((q) => q.csv).sort((a, b) => a.csv!.order - b.csv!.order);
    expect(entries.length).toBeGreaterThan(0);
    const positions = entries.map((q) => {
      expect(
        header!.filter((h) => h === q.csv!.header),
        q.key,
      ).toHaveLength(1);
      return header!.indexOf(q.csv!.header);
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(header).size).toBe(header!.length);
    expect(header!.slice(0, 6)).toEqual(['id', 'role', 'status', 'first_name', 'last_name', 'email']);
    expect(header!.at(-1)).toBe('updated_at');
  });

  it('reads each answer the way the catalogue says: column or answers, choices with other, dates', async () => {
    const hacker = await cellsOf({
      role: 'hacker',
      firstName: 'Grace',
      school: 'Riverside',
      major: 'CS',
      isHighSchool: false,
      birthYear: 2000,
      birthMonth: 2,
      birthDay: 9,
      shirtSize: 'm',
      answers: {
        firstName: 'not the column',
        gender: 'other',
        genderOther: 'Agender',
        race: 'raceOther',
        raceOther: 'Mixed',
        needsVisa: true,
        whyAttendQuestion: 'To learn.',
      },
    });
    expect(hacker).toMatchObject({
      first_name: 'Grace',
      school: 'Riverside',
      major: 'CS',
      title: '',
      affiliation: '',
      is_high_school: 'false',
      birth_date: '2000-02-09',
      age_on_event_day: '25',
      shirt_size: 'm',
      gender: 'other: Agender',
      race: 'other: Mixed',
      needs_visa: 'true',
      needs_accommodation: '',
      why_attend: 'To learn.',
    });

    const mentor = await cellsOf({
      role: 'mentor',
      school: 'Acme Corp',
      major: 'Engineer',
      answers: {
        title: 'Engineer',
        affiliation: 'Acme Corp',
        gender: 'female',
        expertiseAreas: ['Web', 'AI'],
      },
    });
    // A mentor's affiliation and title live in the school and major columns; they show in both.
    expect(mentor).toMatchObject({
      school: 'Acme Corp',
      major: 'Engineer',
      title: 'Engineer',
      affiliation: 'Acme Corp',
      gender: 'female',
      expertise_areas: 'Web; AI',
      birth_date: '',
      age_on_event_day: '',
    });
  });
});
