import { describe, expect, it } from 'vitest';
import { answerColumns } from '@lanyard/shared/questions';
import { fakeApplication, fakePerson, fakeSource } from './fake-data';

function seeded(count: number) {
  const fake = fakeSource('columns');
  const eventStart = new Date('2026-09-19T00:00:00Z');
  return Array.from({ length: count }, (_, i) =>
    fakeApplication(fake, fakePerson(fake, i, 'run', 0.3), `user-${i}`, null, eventStart),
  );
}

describe('seeded applications', () => {
  it('copy their answers into the columns the way submit does (one mapping)', () => {
    for (const row of seeded(200)) {
      expect(row).toMatchObject(answerColumns(row.role, row.answers as Record<string, unknown>));
    }
  });

  it('store a blank portfolio as not provided (null), as a submission does, never as ""', () => {
    const hackers = seeded(200).filter((r) => r.role === 'hacker');
    const blank = hackers.filter((r) => (r.answers as { portfolio: string }).portfolio === '');
    // Some seeded hackers leave the optional link out, as real applicants do.
    expect(blank.length).toBeGreaterThan(0);
    for (const row of blank) expect(row.portfolioUrl).toBeNull();
  });
});
