import { describe, expect, it } from 'vitest';
import { USER_ROLES } from '@lanyard/shared/constants';
import { endsSessions, mayChangeRole, mayDeleteUsers } from './users';

describe('users policy', () => {
  it('an admin cannot take away their own admin role', () => {
    for (const role of USER_ROLES) expect(mayChangeRole('me', 'me', role)).toBe(role === 'admin');
    expect(mayChangeRole('me', 'me', undefined)).toBe(true);
  });

  it('an admin gives any role to another account', () => {
    for (const role of USER_ROLES) expect(mayChangeRole('me', 'other', role)).toBe(true);
  });

  it('an admin cannot delete their own account, alone or among others', () => {
    expect(mayDeleteUsers('me', ['me'])).toBe(false);
    expect(mayDeleteUsers('me', ['a', 'me', 'b'])).toBe(false);
    expect(mayDeleteUsers('me', ['a', 'b'])).toBe(true);
    expect(mayDeleteUsers('me', [])).toBe(true);
  });

  it('a change of role ends the sessions; the same role or none does not', () => {
    expect(endsSessions('hacker', 'admin')).toBe(true);
    expect(endsSessions('admin', 'volunteer')).toBe(true);
    expect(endsSessions('hacker', 'hacker')).toBe(false);
    expect(endsSessions('hacker', undefined)).toBe(false);
  });
});
