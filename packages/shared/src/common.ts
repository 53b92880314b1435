import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** http(s) links only: stored user links must never become javascript: or data: URLs. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .url('Must be a valid URL')
  .refine((v) => /^https?:\/\//i.test(v), 'Must start with http:// or https://');

export const uuidSchema = z.string().uuid();
export const idParamsSchema = z.object({ id: uuidSchema }).strict();

/** "10,000+" when a list's total is a lower bound (a bounded count: `total_capped`). */
export function formatBoundedTotal(r: { total: number; total_capped: boolean }): string {
  return `${r.total.toLocaleString('en-US')}${r.total_capped ? '+' : ''}`;
}

/**
 * A list's page number in a query string. Bounded: a page of a hundred thousand is past any list
 * here, and a huge one would only make the database skip that many rows to answer nothing.
 */
export const pageQuerySchema = z.coerce.number().int().min(1).max(100_000).default(1);
