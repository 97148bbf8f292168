import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// `npm start` on a fresh machine runs without NODE_ENV. The REST app's e-mail templates load before
// Next sets NODE_ENV; the start sets it first so React's JSX runtime and react-dom/server are the
// same build (they were not: every e-mail failed to render with "dispatcher.getOwner is not a function").
// Nor is APP_SECRET set there: the start makes one in DATA_DIR instead of refusing as production
// would (it refused once, taking the NODE_ENV it had set for Next for the operator's).

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-without-node-env-'));
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, NODE_ENV: undefined, APP_SECRET: undefined, DATA_DIR: dataDir } });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a start without NODE_ENV (the README\'s npm start)', () => {
  it('starts without APP_SECRET: one is generated once in DATA_DIR/app-secret, readable by the owner only', () => {
    const file = path.join(dataDir, 'app-secret');
    expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('renders and sends e-mails from the REST app: a native sign-in challenge e-mails its code', async () => {
    const address = 'no-node-env@example.com';
    const initiate = await fetch(`${server.baseUrl}/identity/oauth2/v2.0/initiate`, form({ client_id: 'service-app-client', username: address, challenge_type: 'oob redirect' }));
    expect(initiate.status).toBe(200);
    const { continuation_token } = await initiate.json();
    const challenge = await fetch(`${server.baseUrl}/identity/oauth2/v2.0/challenge`, form({ client_id: 'service-app-client', continuation_token, challenge_type: 'oob redirect' }));
    expect(challenge.status).toBe(200);
    const mail = await smtp.waitForMail((received) => received.to === address);
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });
});
