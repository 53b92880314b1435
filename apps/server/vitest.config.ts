import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The process, scale-out and security suites (test/), which start servers or fuzz every route. */
const HEAVY_DIR = /\/apps\/server\/test\//;
/** A unit's file that starts a second instance or a server process of its own. */
const STARTS_SERVERS = /from '[./]*test\/(?:instances|server-process)'/;

/**
 * Runs the slowest files first. Vitest's own order on a run without its cache (a clean CI clone)
 * is largest file first, and the process and property tests are small files that take 20 to 40 s:
 * they came last, and the run ended on one of them while the other worker sat idle (about 15 s).
 * Started first, the many short files fill in around them. It lives here, not in a file of its own:
 * Vite's config loader warned on every run about a relative import without its extension, which the
 * tsconfig does not allow.
 */
class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = new Set(
      sorted.filter(
        (file) =>
          HEAVY_DIR.test(file.moduleId) || STARTS_SERVERS.test(fs.readFileSync(file.moduleId, 'utf8')),
      ),
    );
    return [...heavy, ...sorted.filter((file) => !heavy.has(file))];
  }
}

export default defineConfig({
  resolve: { alias: { '@lanyard/shared': new URL('../../packages/shared/src', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a two-core machine is one worker, and the tests spend much of their time
    // waiting on PostgreSQL, which runs in its own processes. CI took 775 s that way; on the same
    // kind of machine, two workers took 484 s. Each file clones its own database and builds its own
    // app, so files need no fresh module graph either: without one per file (`isolate: false`),
    // importing the app once per worker instead of once per file took it to 277 s (CI: 260 s).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    isolate: false,
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
