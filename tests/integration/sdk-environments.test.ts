import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeSignIn, PurchaseClient, RuntimeClient } from '../../sdk/src/index';
import { DEMO_IDS } from '@/prisma/seed';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Production and UAT are two deployments (docs/operations.md "Environments"): each its own base URL, database and
// APP_SECRET, so its own issuer and signing keys. A license code or a buyer token of one is refused
// by the other, and the client library names the environment in the error.

let smtp: TestSmtpServer;
const deployments: { name: string; database: TestDatabase; server: TestServer }[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  for (const name of ['production', 'uat']) {
    const database = await createTestDatabase();
    const server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, SEED_DEMO: 'true' } });
    deployments.push({ name, database, server });
  }
}, 240_000);

afterAll(async () => {
  for (const deployment of deployments) {
    await deployment.server.stop();
    await deployment.database.drop();
  }
  await smtp?.stop();
});

describe('two environments', () => {
  it("a buyer token and a license code of production are refused by UAT (BuyerTokenInvalid, RuntimeTokenInvalid), the error naming UAT", async () => {
    const [production, uat] = deployments as [(typeof deployments)[0], (typeof deployments)[0]];
    const signIn = new NativeSignIn({ baseUrl: production.server.baseUrl });
    const email = `env-buyer-${crypto.randomBytes(3).toString('hex')}@example.test`;
    await signIn.start(email);
    await signIn.complete(await codeReader(smtp)(email));

    const bought = new PurchaseClient({ baseUrl: production.server.baseUrl, getAccessToken: signIn.getAccessToken, environment: 'production' });
    const session = await bought.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community });
    const result = await bought.waitForCheckout(session.sessionId);
    expect(result.status).toBe('completed');

    const elsewhere = new PurchaseClient({ baseUrl: uat.server.baseUrl, getAccessToken: signIn.getAccessToken, environment: 'uat' });
    const buyerRefusal = await elsewhere.createCheckout({ issuerClientId: 'demo', offeringId: DEMO_IDS.community }).catch((error: unknown) => error);
    expect(buyerRefusal).toMatchObject({ name: 'LicensingApiError', code: 'BuyerTokenInvalid', status: 401, environment: 'uat' });
    expect((buyerRefusal as Error).message).toMatch(/^\[uat\] BuyerTokenInvalid/);

    const home = new RuntimeClient({ licensingUrl: `${production.server.baseUrl}/licensing`, consumptionUrl: `${production.server.baseUrl}/consumption`, licenseCode: result.encodedCredential!, environment: 'production', flushIntervalMs: 0 });
    const away = new RuntimeClient({ licensingUrl: `${uat.server.baseUrl}/licensing`, consumptionUrl: `${uat.server.baseUrl}/consumption`, licenseCode: result.encodedCredential!, environment: 'uat', flushIntervalMs: 0 });
    try {
      expect((await home.authorize()).licenseId).toBe(result.licenseId);
      const codeRefusal = await away.authorize().catch((error: unknown) => error);
      expect(codeRefusal).toMatchObject({ name: 'LicensingApiError', code: 'RuntimeTokenInvalid', status: 401, environment: 'uat' });
      expect((codeRefusal as Error).message).toMatch(/^\[uat\] RuntimeTokenInvalid/);
    } finally {
      await Promise.all([home.close(), away.close()]);
    }
  });
});
