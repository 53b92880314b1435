// The browser tests use Debian's Chromium; install it with apt when it is missing (nothing downloads a browser).
import { ensureDebianPackage } from './ensure-debian-package.mjs';

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
  return ensureDebianPackage('chromium', CHROMIUM, 'the browser tests');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
