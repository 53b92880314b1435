import { describe, expect, it } from 'vitest';
import { labelledOptions, roleTitle, statusLabel } from './labels';

describe('labels', () => {
  it('reads stored words in Title Case', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('not_started')).toBe('Not Started');
    expect(statusLabel('no_response')).toBe('No Response');
    expect(roleTitle('hacker')).toBe('Hacker');
    expect(roleTitle('mentor + judge')).toBe('Mentor + Judge');
  });

  it('labels chip options the same way', () => {
    expect(labelledOptions(['pending', 'submitted'] as const)).toEqual([
      { value: 'pending', label: 'Pending' },
      { value: 'submitted', label: 'Submitted' },
    ]);
  });
});
