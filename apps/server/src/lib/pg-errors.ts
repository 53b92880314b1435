/** A unique-index violation (SQLSTATE 23505), whether pg's error or Drizzle's wrapper around it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
