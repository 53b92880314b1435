import { build } from 'esbuild';

// One bundle per entry; npm packages stay external (node_modules), our shared package is bundled from source.
await build({
  entryPoints: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    seed: 'src/cli/seed.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@lanyard/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});
