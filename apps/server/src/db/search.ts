/**
 * LIKE/ILIKE pattern for "contains", with the user's own `%` and `_` taken literally: a search for
 * "100%" must not match every row that starts with "100". PostgreSQL's default escape is `\`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
