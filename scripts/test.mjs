// npm test: every check, in the order that fails fastest: lint, typecheck, build, unit and
// integration tests on real PostgreSQL, then the browser tests in Debian's Chromium.
import { buildIfNeeded, run } from './lib.mjs';
import { ensureTestChromium } from './ensure-chromium.mjs';

const steps = [
  ['lint', () => run('npx', ['eslint', '.', '--max-warnings=0'])],
  ['format', () => run('npx', ['prettier', '--check', '.', '--log-level=warn'])],
  ['typecheck', () => run('npm', ['run', 'typecheck', '--silent'])],
  ['build', () => buildIfNeeded({ force: true })],
  // One step per workspace, so a failing suite stops the run with its own summary of what failed
  // as the last thing printed (CI shows only the tail): the server's no longer scrolls away under
  // the web suite's passing files.
  ['shared unit tests', () => run('npm', ['run', 'test', '-w', '@lanyard/shared', '--silent'])],
  ['web unit tests', () => run('npm', ['run', 'test', '-w', '@lanyard/web', '--silent'])],
  [
    'server unit and integration tests',
    () => run('npm', ['run', 'test', '-w', '@lanyard/server', '--silent']),
  ],
  [
    'browser tests',
    () => {
      ensureTestChromium();
      run('npm', ['run', 'test:e2e', '--silent']);
    },
  ],
];

const started = Date.now();
for (const [name, step] of steps) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    step();
  } catch (err) {
    console.error(`\n✗ ${name} failed: ${err.message}`);
    process.exit(err.exitCode || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
