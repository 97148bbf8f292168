import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchChromium, takeConsoleProblems } from './browser';
import { startTestSmtpServer, type TestSmtpServer } from './smtp';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestServer, type TestServer } from './test-server';

export interface BrowserTestFile {
  database: TestDatabase;
  /** Present unless the file asked for `smtp: false` (e-mails then go to the dev outbox table). */
  smtp: TestSmtpServer;
  server: TestServer;
  browser: Browser;
}

/**
 * For a browser-test file: its own database, a local SMTP server for the e-mailed codes (unless
 * `smtp: false`), the production server on them (`env` adds to its configuration; a function is
 * read when the server starts, after the file's earlier hooks) and Chromium, all closed after the
 * file. After each test, no page may have logged a console error, thrown, or broken its CSP. The handles are filled in before any hook the file registers after this call.
 */
export function browserTestFile(options: { smtp?: boolean; env?: Record<string, string> | (() => Record<string, string>) } = {}): BrowserTestFile {
  const handles = {} as BrowserTestFile;
  beforeAll(async () => {
    const [database, smtp, browser] = await Promise.all([createTestDatabase(), options.smtp === false ? undefined : startTestSmtpServer(), launchChromium()]);
    Object.assign(handles, { database, browser }, smtp && { smtp });
    const env = typeof options.env === 'function' ? options.env() : options.env;
    handles.server = await startTestServer({ databaseUrl: database.url, env: { ...(smtp && { SMTP_URL: smtp.url }), ...env } });
  });
  // No page of ours logs an error, throws, or breaks its Content-Security-Policy (browser.ts).
  afterEach(() => {
    if (handles.browser) expect(takeConsoleProblems(handles.browser), 'console errors, uncaught errors or CSP violations in the pages').toEqual([]);
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.server?.stop();
    await handles.smtp?.stop();
    await handles.database?.drop();
  });
  return handles;
}
