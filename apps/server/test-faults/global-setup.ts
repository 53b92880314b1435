import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { entry, serverRoot } from './harness';

function newestSource(dir: string): number {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, item.name);
    if (item.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (item.name.endsWith('.ts') && !item.name.endsWith('.test.ts'))
      newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** The fault tests run the production bundle: build it once when missing or older than the sources. */
export default function setup(): void {
  const sources = Math.max(
    newestSource(path.join(serverRoot, 'src')),
    newestSource(path.join(serverRoot, '..', '..', 'packages', 'shared', 'src')),
    fs.statSync(path.join(serverRoot, 'build.mjs')).mtimeMs,
  );
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= sources) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
}
