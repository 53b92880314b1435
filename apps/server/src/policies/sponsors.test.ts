import { describe, expect, it } from 'vitest';
import { isUnder18On } from '@lanyard/shared/dates';
import { adultBirthCutoff } from './resume-book';
import { sponsorMayCall, sponsorWindowOpen } from './sponsors';

describe('sponsor policies', () => {
  it('the window opens at its first instant and is closed at its end; no window, no access', () => {
    const w = { accessFrom: new Date('2026-01-01T00:00:00Z'), accessUntil: new Date('2026-01-02T00:00:00Z') };
    expect(sponsorWindowOpen(w, new Date('2025-12-31T23:59:59.999Z'))).toBe(false);
    expect(sponsorWindowOpen(w, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(sponsorWindowOpen(w, new Date('2026-01-01T23:59:59.999Z'))).toBe(true);
    expect(sponsorWindowOpen(w, new Date('2026-01-02T00:00:00Z'))).toBe(false);
    expect(sponsorWindowOpen(undefined, new Date())).toBe(false);
  });

  it('a sponsor calls the book, public routes and "who am I", nothing else', () => {
    expect(sponsorMayCall('sponsor', 'GET', '/api/sponsor/book')).toBe(true);
    expect(sponsorMayCall('public', 'POST', '/api/auth/logout')).toBe(true);
    expect(sponsorMayCall('user', 'GET', '/api/auth/me')).toBe(true);
    expect(sponsorMayCall('user', 'HEAD', '/api/auth/me')).toBe(true);
    expect(sponsorMayCall('user', 'GET', '/api/applications/me')).toBe(false);
    for (const access of ['admin', 'staff', 'reviewer', 'applicant'] as const)
      expect(sponsorMayCall(access, 'GET', '/api/auth/me')).toBe(false);
  });

  it('the book’s birth cutoff agrees with isUnder18On, 29 February included', () => {
    for (const start of ['2026-03-14', '2026-02-28', '2026-03-01', '2028-02-29', '2026-12-31']) {
      const [cy, cm, cd] = adultBirthCutoff(start);
      for (let offset = -400; offset <= 400; offset++) {
        const d = new Date(Date.UTC(cy, cm - 1, cd + offset));
        const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
        const adultBySql = y < cy || (y === cy && (m < cm || (m === cm && day <= cd)));
        expect({ start, y, m, day, adult: adultBySql }).toEqual({
          start,
          y,
          m,
          day,
          adult: !isUnder18On(start, y, m, day),
        });
      }
    }
  });
});
