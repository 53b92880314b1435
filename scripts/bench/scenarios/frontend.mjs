// The front end as applicants meet it: Lighthouse and the JavaScript each page loads
// (scripts/bench/frontend.mjs, which also runs on its own against any server).
import { measureFrontend } from '../frontend.mjs';
import { COOKIE } from '../lib/measure.mjs';

export const title = 'Front end (scripts/bench/frontend.mjs)';

export async function run(bench) {
  try {
    return await measureFrontend({
      baseUrl: bench.server.baseUrl,
      cookies: {
        dashboard: `${COOKIE}=${bench.tokens.applicants[0].token}`,
        // The first blank account the deadline rush leaves unused.
        hackerForm: `${COOKIE}=${bench.tokens.blank[bench.submitterCount].token}`,
      },
    });
  } catch (err) {
    console.error(`  front-end measurement failed: ${err.stack ?? err}`);
    return [
      {
        id: 'frontend',
        label: 'Front end',
        value: NaN,
        unit: '',
        target: 'landing: <= 100 KB JS gz, score >= 0.95',
        pass: false,
        ratio: null,
        detail: { error: String(err.message ?? err) },
      },
    ];
  }
}
