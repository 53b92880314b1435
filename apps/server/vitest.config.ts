import os from 'node:os';
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/sequencer';

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
