// The browser tests use Debian's Chromium; install it with apt when it is missing (nothing downloads a browser).
import { ensureDebianPackage } from './ensure-debian-package.mjs';

/** Debian's full Chromium: what the front-end benchmark's Lighthouse measures, as visitors run it. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's headless shell (the same Chromium, built without the desktop browser around it), which
 * the browser tests drive: the full browser's own process spent about four times its CPU there, and
 * the suite is bound by the CPU (decision 028).
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

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
  return ensureDebianPackage('chromium', CHROMIUM, 'the front-end benchmark');
}

export function ensureTestChromium() {
  return ensureDebianPackage('chromium-headless-shell', TEST_CHROMIUM, 'the browser tests');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
    console.log(`Chromium headless shell: ${ensureTestChromium()}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
