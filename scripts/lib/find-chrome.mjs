// Finds the Chromium the browser tests (playwright.config.ts) drive, so `npm test` works on a fresh
// machine with no browser and no manual step. Nothing is downloaded from outside the npm registry
// and Debian's packages.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags every headless Chromium here is started with (browser tests, Lighthouse): no sandbox (root in
 * CI), no GPU, and none of Chromium's own connections to Google's services, which this machine's
 * closed network refuses.
 */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Thrown when no Chromium can be found or provisioned; its message names the command to run. */
export class NoChromeError extends Error {}

/**
 * The path of a Chromium executable, in this order of preference:
 * 1. `CHROME_PATH`, when set (it must exist);
 * 2. the Chromium build shipped inside the npm package `@sparticuz/chromium` (a devDependency:
 *    a brotli-packed headless build, unpacked once into the system's temp folder);
 * 3. Debian's `chromium` at /usr/bin/chromium;
 * 4. as root, Debian's `chromium` installed with apt-get.
 * Throws NoChromeError with a one-line message naming the command to run where none is possible.
 */
export async function findChrome({ log = (line) => console.error(line) } = {}) {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) throw new NoChromeError(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
    return process.env.CHROME_PATH;
  }
  const packaged = await packagedChromium(log);
  if (packaged) return packaged;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (process.getuid?.() === 0) {
    log("Installing Debian's chromium for the browser tests (apt-get install chromium)");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new NoChromeError(
    'No Chromium for the browser tests: run `npm install` (it brings @sparticuz/chromium), or `sudo apt-get install chromium`, or set CHROME_PATH.',
  );
}

/** The unpacked @sparticuz/chromium build, or undefined when the package is missing or does not run here. */
async function packagedChromium(log) {
  let chromium;
  try {
    ({ default: chromium } = await import('@sparticuz/chromium'));
  } catch {
    return undefined;
  }
  try {
    const path = await chromium.executablePath();
    execFileSync(path, ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return path;
  } catch (err) {
    log(
      `@sparticuz/chromium does not run on this machine (${err instanceof Error ? err.message.split('\n')[0] : err}); trying Debian's chromium.`,
    );
    return undefined;
  }
}
