/**
 * Property tests of the public and signed-in-user routes (ROUTE_SPECS group "public"): hostile
 * input never gets a 5xx, every refusal is JSON `{error, code}`, and nothing is stored on refusal.
 */
import { describe } from 'vitest';
import { createTestContext, type TestContext } from '../helper';
import { createWorld, routeProperties } from './harness';
import { specsOf } from './routes';

let ctx: TestContext | undefined;

describe('public and signed-in routes under hostile input', () => {
  routeProperties(specsOf('public'), {
    numRuns: 40,
    async setup() {
      ctx = await createTestContext();
      return createWorld(ctx);
    },
    teardown: async () => ctx?.close(),
  });
});
