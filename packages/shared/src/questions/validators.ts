import { z } from 'zod';

/** The building blocks of the questions' validation: one wording for each kind of answer. */

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).default('');

export const essay = (label: string) => requiredText(label, 10_000);

/** http(s) links only; empty means "not provided". */
export const optionalHttpUrl = z
  .string()
  .trim()
  .max(2048, 'Link is too long')
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
    'Enter a full link starting with http:// or https://',
  )
  .default('');

export const phone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(40, 'Phone number is too long')
  // The number, then optionally its extension as people write it: "ext. 12", "x12", "extension 12", "#12".
  .regex(/^[+()\d\s.-]{7,}?(?:\s*(?:ext\.?|extension|x|#)\s*\d{1,6})?$/i, 'Enter a valid phone number');

/** Birth parts as the form sends them (numbers); the date as a whole is checked by the form's rules. */
export const birthPart = (label: string) =>
  z.number({ error: `${label} is required` }).int(`${label} must be a whole number`);

export const flag = z.boolean().default(false);

const listEntry = z.string().trim().min(1).max(60);

/** A list of picked or typed entries, each once. */
export const entryList = z
  .array(listEntry)
  .max(40, 'Choose at most 40 entries')
  .default([])
  .transform((items) => [...new Set(items)]);

export const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Enter a valid work email')
  .default('');

export const AVAILABILITY_MESSAGE = 'Please answer all availability questions.';
