import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@lanyard/shared': new URL('../../packages/shared/src', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
