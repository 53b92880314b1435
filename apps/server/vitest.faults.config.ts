import { defineConfig } from 'vitest/config';

// The fault tests (npm run test:faults): each file starts the production bundle on its own data
// directory and breaks something on purpose. Slower than the unit suite, so kept out of `vitest run`.
export default defineConfig({
  resolve: { alias: { '@lanyard/shared': new URL('../../packages/shared/src', import.meta.url).pathname } },
  test: {
    include: ['test-faults/**/*.fault.ts'],
    globalSetup: ['test-faults/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One at a time: each file runs servers and PostgreSQL, and timings matter to what they provoke.
    fileParallelism: false,
  },
});
