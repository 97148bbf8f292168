import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium (apt package `chromium`) when the machine has it; Playwright never downloads a
// browser here. A machine without one uses the Chromium shipped inside the npm package
// @sparticuz/chromium (a brotli-packed binary unpacked to /tmp on first use, nothing downloaded),
// so the browser tests run on a fresh machine too instead of being skipped.
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's flags for the tests (and the pages bench): nothing reaches out of this machine. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let executable: Promise<string> | undefined;

/** The browser binary the tests drive: the system's, else the npm package's. */
export function chromiumExecutable(): Promise<string> {
  executable ??= fs.existsSync(SYSTEM_CHROMIUM)
    ? Promise.resolve(SYSTEM_CHROMIUM)
    : import('@sparticuz/chromium').then(({ default: packaged }) => packaged.executablePath());
  return executable;
}

export async function launchChromium(): Promise<Browser> {
  // Only our flags: the package's own list is tuned for serverless hosts (--single-process,
  // --disable-web-security) and would change what the pages are tested under.
  return chromium.launch({ executablePath: await chromiumExecutable(), headless: true, args: CHROMIUM_ARGS });
}
