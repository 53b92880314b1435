import { z } from 'zod';
import {
  APPLICANT_ROLES,
  APPLICANT_VIEW_STATUSES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_ROLES,
} from './constants';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((v) => v.toLowerCase());

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Sign-in takes any stored password; the bound only stops absurd bodies. */
const existingPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024);

export const applicantRoleSchema = z.enum(APPLICANT_ROLES);
export const userRoleSchema = z.enum(USER_ROLES);

export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    role: applicantRoleSchema.default('hacker'),
  })
  .strict();
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The register card: the same rules plus the confirmation field. */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    role: applicantRoleSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const loginBodySchema = z
  .object({
    email: emailSchema,
    password: existingPasswordSchema,
  })
  .strict();
export type LoginBody = z.input<typeof loginBodySchema>;

export const userApplicationStatusSchema = z.union([z.enum(APPLICANT_VIEW_STATUSES), z.literal('admin')]);

export const publicUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: userRoleSchema,
  applicationStatus: userApplicationStatusSchema,
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ access_token: z.string(), user: publicUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const adminAuthResponseSchema = z.object({ access_token: z.string(), admin: publicUserSchema });
export type AdminAuthResponse = z.infer<typeof adminAuthResponseSchema>;
export const meResponseSchema = z.object({ user: publicUserSchema });
/** GET /api/auth/session: like /me, but nobody signed in is `{ user: null }` (200), not a 401. */
export const sessionResponseSchema = z.object({ user: publicUserSchema.nullable() });
export const adminMeResponseSchema = z.object({ admin: publicUserSchema });

export const passwordResetBodySchema = z.object({ email: emailSchema }).strict();
export const passwordResetVerifyBodySchema = z
  .object({
    oob_code: z.string().min(1, 'Reset code is required').max(256),
    new_password: newPasswordSchema,
  })
  .strict();
export const passwordResetFormSchema = z
  .object({
    new_password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.new_password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });

export const verifyEmailBodySchema = z.object({ token: z.string().min(1).max(256) }).strict();
export const messageResponseSchema = z.object({ message: z.string() });
