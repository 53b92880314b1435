import { customQuestionSchema, type CustomQuestion } from '@lanyard/shared/questions/custom';

let next = 0;

/**
 * A custom question as the public settings serve it, parsed so the schema's defaults are filled in:
 * a test gives only what it is about. Ids are stable per `key` so a test can name them.
 */
export function testCustomQuestion(
  overrides: Partial<CustomQuestion> & Pick<CustomQuestion, 'type' | 'label'>,
  key?: number,
): CustomQuestion {
  const n = key ?? ++next;
  return customQuestionSchema.parse({
    id: testQuestionId(n),
    role: 'mentor',
    section: 'additional',
    position: n,
    version: 1,
    updated_at: '2025-07-01T00:00:00.000Z',
    ...overrides,
  });
}

/** The id `testCustomQuestion(…, n)` gives its question. */
export const testQuestionId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
