import { beforeEach, describe, expect, it } from 'vitest';
import { forgetUnsent, keepUnsent, readUnsent } from './unsent-review';

const APP = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const draft = { scores: { experience: 4 }, note: 'Strong', flag: 'spam' as const, flagReason: 'Copied' };

beforeEach(() => sessionStorage.clear());

describe('unsent review', () => {
  it('comes back for its own application only, and is forgotten once sent', () => {
    keepUnsent(APP, draft, 42_000);
    expect(readUnsent(OTHER)).toBeNull();
    expect(readUnsent(APP)).toEqual({ draft, elapsedMs: 42_000 });
    forgetUnsent(OTHER);
    expect(readUnsent(APP)).not.toBeNull();
    forgetUnsent(APP);
    expect(readUnsent(APP)).toBeNull();
  });

  it('drops whatever the storage holds that the review could not send', () => {
    sessionStorage.setItem('review-unsent', '{not json');
    expect(readUnsent(APP)).toBeNull();
    sessionStorage.setItem(
      'review-unsent',
      JSON.stringify({
        applicationId: APP,
        draft: { scores: { a: 2.5, b: '3', c: 4 }, note: 7, flag: '<script>', flagReason: null },
        elapsedMs: -5,
      }),
    );
    expect(readUnsent(APP)).toEqual({
      draft: { scores: { c: 4 }, note: '', flag: null, flagReason: '' },
      elapsedMs: 0,
    });
  });
});
