import { PASSWORD_MAX, PASSWORD_MIN } from '@lanyard/shared/constants';

// The landing forms check with these rules instead of the zod schemas of @lanyard/shared/auth, so the
// page's first load needs no zod (docs/decisions/005-light-landing.md). They give the same first
// message per field as loginBodySchema and registerFormSchema; the server still enforces the schemas.

/** zod's email pattern (z.string().email()), so the form never refuses an address the server accepts. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;
const EXISTING_PASSWORD_MAX = 1024;

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

// Type aliases, not interfaces: the form hook needs them to be string records.
export type SignInValues = {
  email: string;
  password: string;
};

/** The register card's text fields; the role radio always holds a valid choice. */
export type RegisterValues = {
  email: string;
  password: string;
  confirmPassword: string;
};

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** What the server is sent: emailSchema trims and lower-cases. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailError(raw: string): string | undefined {
  const email = raw.trim();
  if (email === '') return 'Email is required';
  if (email.length > EMAIL_MAX) return 'Email is too long';
  if (!EMAIL_PATTERN.test(email)) return 'Enter a valid email address';
  return undefined;
}

function newPasswordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return undefined;
}

function compact<T>(errors: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as FieldErrors<T>;
}

export function validateSignIn(values: SignInValues): FieldErrors<SignInValues> {
  return compact<SignInValues>({
    email: emailError(values.email),
    // loginBodySchema answers "Password is required" for a missing and an absurdly long password alike.
    password:
      values.password.length === 0 || values.password.length > EXISTING_PASSWORD_MAX
        ? 'Password is required'
        : undefined,
  });
}

export function validateRegister(values: RegisterValues): FieldErrors<RegisterValues> {
  let confirmPassword: string | undefined;
  if (values.confirmPassword === '') confirmPassword = 'Please confirm your password';
  else if (values.confirmPassword !== values.password) confirmPassword = PASSWORDS_DONT_MATCH;
  return compact<RegisterValues>({
    email: emailError(values.email),
    password: newPasswordError(values.password),
    confirmPassword,
  });
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.keys(errors).length > 0;
}
