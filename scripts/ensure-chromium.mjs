// The browser tests use Debian's Chromium; install it with apt when it is missing (nothing downloads a browser).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * How every browser the tests and the benchmark start runs: no sandbox (root in CI), and nothing
 * that would reach the internet (updates, sync, QUIC probes), since the machine has none.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  console.log('Installing Debian Chromium for the browser tests (apt-get install chromium)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const res = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (res.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium is still missing at ${CHROMIUM} after apt-get install.`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
