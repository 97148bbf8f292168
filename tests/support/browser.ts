import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage } from 'playwright-core';

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
  const browser = await chromium.launch({ executablePath: await chromiumExecutable(), headless: true, args: CHROMIUM_ARGS });
  watchConsole(browser);
  return browser;
}

/** What a page said that no page of ours should: an error on its console, an uncaught error, a CSP violation. */
export interface ConsoleProblem {
  url: string;
  text: string;
}

const problemsOf = new WeakMap<Browser, ConsoleProblem[]>();

/**
 * Every context of the browser (those `browser.newPage()` makes too) reports its pages' console
 * errors, uncaught errors and Content-Security-Policy violations (also one a script caught, as
 * zod's probe for eval would be) to the browser's list, which the browser-test files check after
 * each test (browser-test-file.ts). A request the page made to the service's API that was refused
 * (a 4xx or 5xx the page shows as an error message) is what the page is for, not a fault: the
 * console's "Failed to load resource" for /api/, the REST prefixes and documents is not counted;
 * for anything else (a script, a style, an image, a font) it is.
 */
function watchConsole(browser: Browser): void {
  const problems: ConsoleProblem[] = [];
  problemsOf.set(browser, problems);
  const watch = async (context: BrowserContext) => {
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const url = message.location().url || message.page()?.url() || '';
      if (/^Failed to load resource/.test(message.text()) && isServiceAnswer(url, message.page()?.url())) return;
      problems.push({ url, text: message.text() });
    });
    context.on('weberror', (error) => problems.push({ url: error.page()?.url() ?? '', text: `uncaught: ${error.error().message}` }));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watch(await newContext(options));
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes its context.
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
}

const SERVICE_ANSWER = /\/(api|purchase|licensing|licensing-mgmt|payments|consumption|identity|mcp|dev)\//;

function isServiceAnswer(resource: string, document: string | undefined): boolean {
  if (resource === '' || resource === document) return true;
  try {
    return SERVICE_ANSWER.test(new URL(resource).pathname);
  } catch {
    return false;
  }
}

/** The problems the browser's pages reported since the last call, and forgets them. */
export function takeConsoleProblems(browser: Browser): ConsoleProblem[] {
  const problems = problemsOf.get(browser);
  return problems ? problems.splice(0) : [];
}
