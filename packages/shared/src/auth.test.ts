import { describe, expect, it } from 'vitest';
import { registerBodySchema, registerFormSchema } from './auth';
import { roleLabel } from './constants';

describe('register schemas', () => {
  it('lower-cases and trims the e-mail, and defaults the role to hacker', () => {
    const parsed = registerBodySchema.parse({ email: '  Ada@Example.ORG ', password: 'long enough pw' });
    expect(parsed).toEqual({ email: 'ada@example.org', password: 'long enough pw', role: 'hacker' });
  });

  it('refuses unknown fields, so a client cannot set what it does not own', () => {
    const result = registerBodySchema.safeParse({
      email: 'a@b.org',
      password: 'long enough pw',
      role: 'hacker',
      isAdmin: true,
    });
    expect(result.success).toBe(false);
  });

  it('refuses the admin role and passwords outside 8-128 characters', () => {
    expect(
      registerBodySchema.safeParse({ email: 'a@b.org', password: 'long enough pw', role: 'admin' }).success,
    ).toBe(false);
    expect(registerBodySchema.safeParse({ email: 'a@b.org', password: 'short' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ email: 'a@b.org', password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('says "Passwords don\'t match" on the confirmation field', () => {
    const result = registerFormSchema.safeParse({
      email: 'a@b.org',
      password: 'long enough pw',
      confirmPassword: 'something else',
      role: 'hacker',
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['confirmPassword']);
    expect(issue?.message).toBe("Passwords don't match");
  });
});

describe('roleLabel', () => {
  it('shows hackers as Participant and mentors as Mentor', () => {
    expect(roleLabel('hacker')).toBe('Participant');
    expect(roleLabel('mentor')).toBe('Mentor');
  });
});
