// What the tests need from Debian (a browser, a font) is installed with apt when it is missing:
// nothing downloads it from elsewhere, and a machine without root is told the command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Makes sure `file` exists, installing Debian's `pkg` (which holds it) when it does not. */
export function ensureDebianPackage(pkg, file, why) {
  if (fs.existsSync(file)) return file;
  if (process.getuid?.() !== 0) {
    throw new Error(`${file} is missing (${why}). Install it with: sudo apt-get install -y ${pkg}`);
  }
  console.log(`Installing Debian's ${pkg} (${why})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The package lists first: a fresh image has none.
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
    const res = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (res.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!fs.existsSync(file)) throw new Error(`${file} is still missing after apt-get install ${pkg}.`);
  return file;
}

/** A font with Chinese, Japanese and Korean glyphs, for the badge tests (DejaVu has none). */
export const CJK_FONT = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';

export function ensureCjkFont() {
  return ensureDebianPackage('fonts-droid-fallback', CJK_FONT, 'CJK names on badges');
}
