/** Fixtures for the custom questions tests: question bodies and calls to the admin routes. */
import type { CustomQuestion, CustomQuestionBody } from '@lanyard/shared/questions/custom';
import { createSession } from '../src/modules/auth/sessions';
import { asUser } from './admin';
import { buildUser } from './factories';
import type { TestContext } from './helper';

/** A question body: a hacker's optional short text in "additional", unless told. */
export function questionBody(overrides: Partial<CustomQuestionBody> = {}): CustomQuestionBody {
  return {
    role: 'hacker',
    section: 'additional',
    type: 'short_text',
    label: 'Favourite snack?',
    ...overrides,
  };
}

export const twoOptions = [
  { id: 'web', label: 'Web' },
  { id: 'hw', label: 'Hardware' },
];

/** A signed-in account of any role, made in the database. */
export async function sessionOf(
  ctx: TestContext,
  role: 'hacker' | 'mentor' | 'admin' | 'volunteer' | 'reviewer',
): Promise<string> {
  const user = await buildUser(ctx.database.db, { role });
  return createSession(ctx.database.db, ctx.config.sessionSecret, user.id, {});
}

/** Creates a question as `adminToken`; throws unless 201. */
export async function createQuestion(
  ctx: TestContext,
  adminToken: string,
  overrides: Partial<CustomQuestionBody> = {},
): Promise<CustomQuestion> {
  const res = await asUser(ctx, adminToken)('POST', '/api/admin/questions', questionBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as CustomQuestion;
}

/** The body of PUT /api/admin/questions/:id for a question as served, with changes. */
export function bodyOf(
  q: CustomQuestion & { answered?: number },
  changes: Partial<CustomQuestionBody> = {},
): CustomQuestionBody {
  const { id: _id, position: _p, version: _v, updated_at: _u, answered: _a, ...definition } = q;
  return { ...definition, ...changes };
}
