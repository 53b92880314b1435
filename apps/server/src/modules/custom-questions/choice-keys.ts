/**
 * applications.custom_choice_keys (migration 0027): every custom answer as 64-bit hashes of text
 * keys, kept current by the database on each write of custom_answers. Filtering on an answer and
 * counting answers read these (a GIN index, a few hundred bytes a row) instead of custom_answers,
 * which 30 questions make a compressed, out-of-line document.
 */
import { sql, type SQL } from 'drizzle-orm';
import { applications } from '../../db/schema/index';

/** "Other: …" in a choice (option ids are lower-case letters and digits: no option is `*`). */
export const OTHER_KEY = '*';

/**
 * The key of an answer: `<question id>:<option id | true | false | *>`, or the question id alone
 * for "has an answer". Filters (`custom=<question id>:<answer>`) are keys as they are.
 */
export function choiceKey(questionId: string, value?: string): string {
  return value === undefined ? questionId : `${questionId}:${value}`;
}

/** The stored hash of a key, as lanyard_custom_choice_keys() computes it. */
export const keyHash = (key: SQL) => sql`hashtextextended(${key}, 0)`;

/** The application has at least one of `keys` (`&&`, which the GIN index answers without a recheck). */
export function hasAnyKey(keys: readonly string[]): SQL {
  const hashes = sql.join(
    keys.map((k) => keyHash(sql`${k}::text`)),
    sql`, `,
  );
  return sql`${applications}.custom_choice_keys && array[${hashes}]::bigint[]`;
}
