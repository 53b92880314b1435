import { describe, expect, it } from 'vitest';
import { mayCheckIn, undoRemovesRecord } from './checkin';

const linked = { applicationId: '5f0c8a4e-0000-4000-8000-000000000001' };
const unlinked = { applicationId: null };

describe('check-in policy', () => {
  it('a record made for an application checks in only while its person is a confirmed attendee', () => {
    expect(mayCheckIn(linked, true)).toBe(true);
    expect(mayCheckIn(linked, false)).toBe(false);
  });

  it('a record made at the desk or by CSV always checks in', () => {
    expect(mayCheckIn(unlinked, true)).toBe(true);
    expect(mayCheckIn(unlinked, false)).toBe(true);
  });

  it('undoing takes off the list only a linked record whose person no longer attends', () => {
    expect(undoRemovesRecord(linked, false)).toBe(true);
    expect(undoRemovesRecord(linked, true)).toBe(false);
    expect(undoRemovesRecord(unlinked, false)).toBe(false);
    expect(undoRemovesRecord(unlinked, true)).toBe(false);
  });
});
