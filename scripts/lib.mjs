import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  let newest = 0;
  const walk = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  walk(target);
  return newest;
}

const BUILDS = [
  {
    name: 'web app',
    workspace: '@lanyard/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  {
    name: 'server',
    workspace: '@lanyard/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
];

/** Builds what is missing or older than its sources, so `npm start` is one command on a fresh clone. */
export function buildIfNeeded({ force = false } = {}) {
  for (const b of BUILDS) {
    const out = fs.statSync(path.join(root, b.output), { throwIfNoEntry: false });
    const stale =
      !out || force || Math.max(...b.sources.map((s) => newestMtime(path.join(root, s)))) > out.mtimeMs;
    if (!stale) continue;
    console.log(`Building the ${b.name}...`);
    run('npm', ['run', 'build', '-w', b.workspace, '--silent']);
  }
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    err.exitCode = res.status ?? 1;
    throw err;
  }
}
