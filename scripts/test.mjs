// npm test: every check, in the order that fails fastest: lint, typecheck, build, unit and
// integration tests on real PostgreSQL, then the browser tests in Debian's Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, root, run } from './lib.mjs';
import { ensureTestChromium } from './ensure-chromium.mjs';

const steps = [
  ['lint', () => run('npx', ['eslint', '.', '--max-warnings=0'])],
  ['format', () => run('npx', ['prettier', '--check', '.', '--log-level=warn'])],
  ['typecheck', typecheckWorkspaces],
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

/** One workspace's `npm run typecheck`, its output held back and printed whole when it ends. */
function typecheck(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '-w', workspace, '--silent'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(`--- ${workspace} ---\n${output}`);
      resolve(code === 0 ? null : workspace);
    });
  });
}

/**
 * Every workspace's typecheck, as `npm run typecheck` runs them, but as many at once as there are
 * cores: tsc checks on one thread, and one after another the four took 43 s here, two at a time
 * 34 s. The apps, the largest, start first.
 */
async function typecheckWorkspaces() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const queue = workspaces
    .filter(
      (ws) => JSON.parse(fs.readFileSync(path.join(root, ws, 'package.json'), 'utf8')).scripts?.typecheck,
    )
    .sort((a, b) => Number(!a.startsWith('apps/')) - Number(!b.startsWith('apps/')));
  const failed = [];
  const lane = async () => {
    for (let ws = queue.shift(); ws; ws = queue.shift()) {
      const failure = await typecheck(ws);
      if (failure) failed.push(failure);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, os.availableParallelism()) }, lane));
  if (failed.length) throw new Error(`typecheck failed in ${failed.join(', ')}`);
}

const started = Date.now();
for (const [name, step] of steps) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    await step();
  } catch (err) {
    console.error(`\n✗ ${name} failed: ${err.message}`);
    process.exit(err.exitCode || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
