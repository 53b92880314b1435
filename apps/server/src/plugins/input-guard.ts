import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../errors';

/** Deeper than any form we have; JSON.stringify and PostgreSQL's jsonb overflow far beyond it. */
export const MAX_INPUT_DEPTH = 32;

// An unpaired UTF-16 surrogate: valid in a JS string and in JSON (`"\ud800"`), not in UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface UnstorableInput {
  /** Where, as `answers.firstName` (empty for the value itself). */
  path: string;
  message: string;
}

function problemIn(text: string): string | undefined {
  // PostgreSQL text and jsonb cannot hold U+0000; storing it fails the whole statement.
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (an unpaired surrogate)';
  return undefined;
}

/**
 * The first string (value or key) in a parsed body, query or params that no column can store, or
 * a nesting deeper than MAX_INPUT_DEPTH. Iterative, so a hostile depth cannot overflow the stack.
 */
export function findUnstorable(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnstorableInput | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const message = problemIn(item.value);
      if (message) return { path: item.path, message };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return { path: item.path, message: 'is nested too deeply' };
    for (const [k, v] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${k}` : k;
      const keyProblem = problemIn(k);
      if (keyProblem) return { path: item.path, message: `has an invalid field name (it ${keyProblem})` };
      stack.push({ value: v, path, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses, with a 400 naming the field, input that would otherwise reach the database and fail
 * there as a 500: NUL characters, unpaired surrogates and absurd nesting, in bodies, queries and
 * path parameters of every route. Runs before schema validation, so no handler ever sees them.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      for (const value of [request.params, request.query, request.body]) {
        const found = findUnstorable(value);
        if (found) {
          const printable = found.path.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
          throw errors.badRequest(
            printable ? `${printable}: ${found.message}` : `The request ${found.message}`,
            'validation_error',
          );
        }
      }
    });
  },
  { name: 'input-guard' },
);
