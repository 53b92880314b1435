import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerFormSchema } from '@lanyard/shared/auth';
import { normalizeEmail, validateRegister, validateSignIn } from './validation';

/** The first message per field, as react-hook-form's zodResolver showed it. */
function zodErrors(schema: typeof loginBodySchema | typeof registerFormSchema, values: object) {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

const EMAILS = [
  '',
  '   ',
  'plain',
  'a@b',
  'a@b.co',
  ' Someone@Example.ORG ',
  'x@y..com',
  `${'a'.repeat(250)}@b.co`,
];
const PASSWORDS = ['', 'short', 'exactly8', 'a-long-enough-password', 'x'.repeat(129), 'x'.repeat(1025)];

describe('landing validation matches the shared zod schemas', () => {
  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => [email, password])))(
    'sign-in %j / %j',
    (email, password) => {
      expect(validateSignIn({ email, password })).toEqual(zodErrors(loginBodySchema, { email, password }));
    },
  );

  const confirms = (password: string) => ['', password, password + 'x'];
  it.each(
    EMAILS.flatMap((email) =>
      PASSWORDS.flatMap((password) =>
        confirms(password).map((confirmPassword) => [email, password, confirmPassword]),
      ),
    ),
  )('register %j / %j / %j', (email, password, confirmPassword) => {
    expect(validateRegister({ email, password, confirmPassword })).toEqual(
      zodErrors(registerFormSchema, { email, password, confirmPassword, role: 'hacker' }),
    );
  });

  it('sends the address as emailSchema does: trimmed and lower-cased', () => {
    expect(normalizeEmail(' Someone@Example.ORG ')).toBe(
      loginBodySchema.parse({ email: ' Someone@Example.ORG ', password: 'x' }).email,
    );
  });
});
