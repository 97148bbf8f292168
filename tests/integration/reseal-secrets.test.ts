import { JOBS } from '@/server/jobs';
import crypto from 'node:crypto';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInCodeEmail } from '@/emails/sign-in-code';
import { createPurchaseCheckout } from '@/server/checkout/create-purchase-checkout';
import { getCheckoutResultForBuyer } from '@/server/checkout/get-checkout-result';
import { CREDENTIAL_SEAL_PURPOSE } from '@/server/checkout/sale-codes';
import { resealSecrets } from '@/server/crypto/reseal-secrets';
import { SEALED_VALUES } from '@/server/sealed-values';
import { keyIdOf, open } from '@/server/crypto/secret-box';
import { resetEnvForTests } from '@/server/env';
import { rotateSigningKey } from '@/server/keys/signing-keys';
import { EMAIL_CONTENT_SEAL_PURPOSE, openEmailContent } from '@/server/mail/email-content';
import { sendEmail } from '@/server/mail/send-email';
import { startJobQueue, stopJobQueue } from '@/server/platform/jobs/job-queue';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rememberProcessConfig } from '../support/process-config';

// Rotating APP_SECRET (docs/security.md "Rotating APP_SECRET"): the new secret in APP_SECRET, the old one in
// APP_SECRET_PREVIOUS, `npm run admin -- reseal-secrets`, then the old one dropped.

const CONFIG_KEYS = ['DATABASE_URL', 'APP_SECRET', 'APP_SECRET_PREVIOUS', 'SMTP_URL', 'PUBLIC_BASE_URL', 'STRIPE_SECRET_KEY'] as const;
const restoreConfig = rememberProcessConfig(CONFIG_KEYS);
const OLD = 'the-old-app-secret-of-at-least-32-characters';
const NEW = 'the-new-app-secret-of-at-least-32-characters';

let database: TestDatabase;

function configure(secrets: { current: string; previous?: string }) {
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: secrets.current, PUBLIC_BASE_URL: 'http://reseal.test' });
  if (secrets.previous) process.env.APP_SECRET_PREVIOUS = secrets.previous;
  else delete process.env.APP_SECRET_PREVIOUS;
  delete process.env.STRIPE_SECRET_KEY;
  resetEnvForTests();
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await stopJobQueue();
  restoreConfig();
  await database?.drop();
});

const keyIdIn = (sealed: string) => sealed.split('.')[1];

describe('npm run admin -- reseal-secrets', () => {
  it('re-seals signing keys, checkout credentials and queued e-mail bodies under the new APP_SECRET, so the previous one can be dropped', async () => {
    configure({ current: OLD });
    const ctx = { db: database.db };
    // Under the old secret: a signing key, a checkout that keeps its code, a queued e-mail.
    await rotateSigningKey(ctx, 'runtime');
    const buyer = await database.db.account.create({ data: { email: 'reseal.buyer@example.com' } });
    const seller = await createSeller(database.db);
    const product = await createProduct(database.db, seller.id);
    const free = await createOffering(database.db, product, { priceMinor: null });
    const session = await createPurchaseCheckout(ctx, { requestId: crypto.randomUUID(), offeringId: free.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email });
    const sold = await getCheckoutResultForBuyer(ctx, { sessionId: session.sessionId, buyerAccountId: buyer.id });
    expect(sold.encodedCredential).toMatch(/^SVC_LIC_/);
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetEnvForTests();
    await startJobQueue({ databaseUrl: database.url, worker: false, jobs: JOBS, db: database.db });
    const email = await sendEmail(ctx, { to: 'reseal.buyer@example.com', kind: 'sign-in-code', subject: 'Your sign-in code', template: createElement(SignInCodeEmail, { code: '424242', expiresInMinutes: 10 }) });
    expect(email.status).toBe('queued');
    delete process.env.SMTP_URL;

    // Rotation: the new secret seals, the old one still opens.
    configure({ current: NEW, previous: OLD });
    const report = await resealSecrets(ctx, SEALED_VALUES);
    expect(report.keyId).toBe(keyIdOf(NEW));
    expect(report.counts.signingKeys).toMatchObject({ resealed: 1, unopenable: 0 });
    expect(report.counts.checkoutCredentials).toEqual({ resealed: 1, current: 0, unopenable: 0 });
    expect(report.counts.queuedEmails).toEqual({ resealed: 1, current: 0, unopenable: 0 });

    // The old secret dropped: everything still opens.
    configure({ current: NEW });
    const keys = await database.db.signingKey.findMany();
    for (const key of keys) {
      expect(keyIdIn(key.privateKeyCiphertext)).toBe(keyIdOf(NEW));
      expect(JSON.parse(open('signing-key', key.privateKeyCiphertext))).toHaveProperty('d');
    }
    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } });
    expect(open(CREDENTIAL_SEAL_PURPOSE, checkout.credentialCiphertext!)).toBe(sold.encodedCredential);
    expect((await getCheckoutResultForBuyer(ctx, { sessionId: session.sessionId, buyerAccountId: buyer.id })).encodedCredential).toBe(sold.encodedCredential);
    const { content } = await database.db.email.findUniqueOrThrow({ where: { id: email.id } });
    expect(keyIdIn(content!)).toBe(keyIdOf(NEW));
    expect(openEmailContent(content!).text).toContain('424242');
    expect(EMAIL_CONTENT_SEAL_PURPOSE).toBe('email-content');

    // Running it again changes nothing.
    const again = await resealSecrets(ctx, SEALED_VALUES);
    expect(again.counts.signingKeys.resealed + again.counts.checkoutCredentials.resealed + again.counts.queuedEmails.resealed).toBe(0);
  });

  it('a value that opens under no known secret is counted and left as it is', async () => {
    configure({ current: 'a-third-secret-nobody-sealed-anything-under' });
    const report = await resealSecrets({ db: database.db }, SEALED_VALUES);
    expect(report.counts.signingKeys.unopenable).toBeGreaterThan(0);
    expect(report.counts.checkoutCredentials.unopenable).toBe(1);
    expect(report.counts.queuedEmails.unopenable).toBe(1);
    const checkout = await database.db.checkout.findFirstOrThrow({ where: { credentialCiphertext: { not: null } } });
    expect(keyIdIn(checkout.credentialCiphertext!)).toBe(keyIdOf(NEW));
  });
});
