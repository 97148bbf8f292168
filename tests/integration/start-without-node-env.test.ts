import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// `npm start` on a fresh machine runs without NODE_ENV. The REST app's e-mail templates load before
// Next sets NODE_ENV; the start sets it first so React's JSX runtime and react-dom/server are the
// same build (they were not: every e-mail failed to render with "dispatcher.getOwner is not a function").

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, NODE_ENV: undefined } });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

describe('a start without NODE_ENV (the README\'s npm start)', () => {
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
