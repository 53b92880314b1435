// What the tests need from Debian (a browser, a font, nginx) is installed with apt when it is
// missing: nothing downloads it from elsewhere, and a machine without root is told the command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `apt-get args` and answers whether it succeeded. Test files that run at once may each install
 * something (the badge tests a font while the proxy tests install nginx), and a second apt-get fails
 * at once on dpkg's lock: so ours queue on a lock file of their own, and any other apt-get on the
 * machine is waited for up to ten minutes.
 */
export function aptGet(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = path.join(os.tmpdir(), 'lanyard-apt.lock');
  const apt = ['apt-get', '-o', 'DPkg::Lock::Timeout=600', ...args];
  console.log(apt.join(' '));
  return spawnSync('flock', [lock, ...apt], { stdio: 'inherit', env }).status === 0;
}

/** Makes sure `file` exists, installing Debian's `pkg` (which holds it) when it does not. */
export function ensureDebianPackage(pkg, file, why) {
  if (fs.existsSync(file)) return file;
  if (process.getuid?.() !== 0) {
    throw new Error(`${file} is missing (${why}). Install it with: sudo apt-get install -y ${pkg}`);
  }
  console.log(`Installing Debian's ${pkg} (${why})...`);
  // The package lists first: a fresh image has none.
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
    if (!aptGet(args)) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!fs.existsSync(file)) throw new Error(`${file} is still missing after apt-get install ${pkg}.`);
  return file;
}

/** A font with Chinese, Japanese and Korean glyphs, for the badge tests (DejaVu has none). */
export const CJK_FONT = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';

export function ensureCjkFont() {
  return ensureDebianPackage('fonts-droid-fallback', CJK_FONT, 'CJK names on badges');
}
