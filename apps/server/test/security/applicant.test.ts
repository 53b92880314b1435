/**
 * Property tests of the applicant routes (ROUTE_SPECS group "applicant": submissions, drafts, RSVP, QR): hostile
 * input never gets a 5xx, every refusal is JSON `{error, code}`, and nothing is stored on refusal.
 */
import { describe } from 'vitest';
import { createTestContext, type TestContext } from '../helper';
import { createWorld, routeProperties } from './harness';
import { specsOf } from './routes';

let ctx: TestContext | undefined;

describe('applicant routes under hostile input', () => {
  routeProperties(specsOf('applicant'), {
    numRuns: 60,
    async setup() {
      ctx = await createTestContext();
      return createWorld(ctx);
    },
    teardown: async () => ctx?.close(),
  });
});
