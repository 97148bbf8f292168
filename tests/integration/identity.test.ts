import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { getActiveSigningKey } from '@/server/keys/signing-keys';
import { launchChromium } from '../support/browser';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { codeReader, form, nativeSignIn, PURCHASE_SCOPE } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: TestServer;
let smtp: TestSmtpServer;
let nextCode: (email: string) => Promise<string>;
let authority: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  nextCode = codeReader(smtp);
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, APP_SECRET, SEED_DEMO: 'false' } });
  authority = `${server.baseUrl}/identity/oauth2/v2.0`;
  // This process signs test tokens with the service's own identity key (same database and secret).
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const readSession = (token: string | null, sessionId: string = crypto.randomUUID()) =>
  fetch(`${server.baseUrl}/purchase/checkout/${sessionId}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });

async function signedByAuthority(claims: Record<string, unknown>, options: { expiresIn?: number; audience?: string } = {}) {
  const key = await getActiveSigningKey({ db: database.db }, 'identity');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scp: 'checkout.purchase', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setIssuer(`${server.baseUrl}/identity`)
    .setAudience(options.audience ?? 'api://licensing')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(key.privateKey);
}

describe('discovery of the sign-in authority', () => {
  it('serves OpenID configuration with S256-only PKCE and a JWKS of ES256 keys', async () => {
    const config = await (await fetch(`${server.baseUrl}/identity/.well-known/openid-configuration`)).json();
    expect(config.issuer).toBe(`${server.baseUrl}/identity`);
    expect(config.authorization_endpoint).toBe(`${authority}/authorize`);
    expect(config.token_endpoint).toBe(`${authority}/token`);
    expect(config.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = await (await fetch(config.jwks_uri)).json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key.d).toBeUndefined();
    }
  });
});

describe('sign-in option A: authorization code + PKCE with a loopback redirect (openid-client)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('openid-client completes the flow on a random loopback port; the access token passes the purchase API', async () => {
    let callback: URL | undefined;
    const loopback = http.createServer((req, res) => {
      // The browser also asks this origin for /favicon.ico: keep only the authorization response.
      const url = new URL(req.url!, `http://127.0.0.1:${(loopback.address() as AddressInfo).port}`);
      if (url.searchParams.has('code') || url.searchParams.has('error')) callback = url;
      res.end('Signed in. You can close this window.');
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', () => resolve()));
    const redirectUri = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/`;

    const config = await oidc.discovery(new URL(`${server.baseUrl}/identity`), 'service-app-client', { id_token_signed_response_alg: 'ES256' }, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: PURCHASE_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });

    const page = await browser.newPage();
    await page.goto(url.href);
    await page.getByLabel('E-mail address').fill('pkce.buyer@example.com');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Code').fill(await nextCode('pkce.buyer@example.com'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((current) => current.href.startsWith(redirectUri));
    await expect.poll(() => callback).toBeDefined();
    loopback.close();

    const tokens = await oidc.authorizationCodeGrant(config, callback!, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect(tokens.claims()?.email).toBe('pkce.buyer@example.com');
    expect(tokens.refresh_token).toBeTruthy();
    const unknownSession = await readSession(tokens.access_token);
    expect(unknownSession.status).toBe(404);
    expect((await unknownSession.json()).Code).toBe('NotFound');

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('refuses PKCE method plain, and a missing challenge, at the redirect URI', async () => {
    const base = { client_id: 'service-app-client', response_type: 'code', redirect_uri: 'http://localhost:7777/', scope: PURCHASE_SCOPE, state: 's1' };
    for (const extra of [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, {}] as Record<string, string>[]) {
      const response = await fetch(`${authority}/authorize?${new URLSearchParams({ ...base, ...extra })}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe('http://localhost:7777/');
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('state')).toBe('s1');
    }
  });

  it('matches the loopback redirect path (any port) and never redirects to an unregistered URI', async () => {
    const query = (redirectUri: string) =>
      new URLSearchParams({ client_id: 'service-app-client', response_type: 'code', redirect_uri: redirectUri, scope: PURCHASE_SCOPE, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' });
    const ok = await fetch(`${authority}/authorize?${query('http://localhost:54321/')}`, { redirect: 'manual' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toContain('/identity/sign-in?request=');
    for (const bad of ['http://localhost:54321/other', 'https://evil.example/', 'http://localhost.evil.example/']) {
      const refused = await fetch(`${authority}/authorize?${query(bad)}`, { redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toBe('invalid_request');
    }
  });
});

describe('sign-in option B: native authentication', () => {
  it('initiate, challenge (code e-mailed) and token yield an access token and a refresh token', async () => {
    const { response, body } = await nativeSignIn(server.baseUrl, 'native.buyer@example.com', nextCode);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeTruthy();
    expect((await readSession(body.access_token)).status).toBe(404);
    expect(await database.db.account.count({ where: { email: 'native.buyer@example.com' } })).toBe(1);
  });

  it('openid-client performs the native token step (grant_type=oob) and validates the ID token', async () => {
    const email = 'native.oidc@example.com';
    const initiated = await (await fetch(`${authority}/initiate`, form({ client_id: 'service-app-client', username: email, challenge_type: 'oob redirect' }))).json();
    const challenged = await (await fetch(`${authority}/challenge`, form({ client_id: 'service-app-client', continuation_token: initiated.continuation_token }))).json();
    const config = await oidc.discovery(new URL(`${server.baseUrl}/identity`), 'service-app-client', { id_token_signed_response_alg: 'ES256' }, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const tokens = await oidc.genericGrantRequest(config, 'oob', { oob: await nextCode(email), continuation_token: challenged.continuation_token, scope: PURCHASE_SCOPE });
    expect(tokens.claims()?.email).toBe(email);
    expect(tokens.refresh_token).toBeTruthy();
    expect((await readSession(tokens.access_token)).status).toBe(404);
  });

  it('a used code cannot be used again', async () => {
    const first = await nativeSignIn(server.baseUrl, 'reuse.code@example.com', nextCode);
    expect(first.response.status).toBe(200);
    const again = await fetch(
      `${authority}/token`,
      form({ client_id: 'service-app-client', grant_type: 'oob', oob: first.code, continuation_token: first.continuationToken, scope: PURCHASE_SCOPE }),
    );
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
  });

  it('codes are limited in attempts: after five wrong codes the right one is refused too', async () => {
    const email = 'guesser@example.com';
    const initiated = await (await fetch(`${authority}/initiate`, form({ client_id: 'service-app-client', username: email, challenge_type: 'oob redirect' }))).json();
    const challenged = await (await fetch(`${authority}/challenge`, form({ client_id: 'service-app-client', continuation_token: initiated.continuation_token }))).json();
    expect(challenged).toMatchObject({ challenge_type: 'oob', code_length: 6, challenge_target_label: 'g***@example.com' });
    const code = await nextCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (oob: string) =>
      fetch(`${authority}/token`, form({ client_id: 'service-app-client', grant_type: 'oob', oob, continuation_token: challenged.continuation_token, scope: PURCHASE_SCOPE }));
    for (let i = 0; i < 5; i++) {
      const refused = await attempt(wrong);
      expect((await refused.json()).suberror).toBe('invalid_oob_value');
    }
    const locked = await attempt(code);
    expect(locked.status).toBe(400);
    expect((await locked.json()).suberror).toBe('attempts_exceeded');
  });

  it('an expired code is refused', async () => {
    const email = 'slow.buyer@example.com';
    const initiated = await (await fetch(`${authority}/initiate`, form({ client_id: 'service-app-client', username: email, challenge_type: 'oob redirect' }))).json();
    const challenged = await (await fetch(`${authority}/challenge`, form({ client_id: 'service-app-client', continuation_token: initiated.continuation_token }))).json();
    const code = await nextCode(email);
    await database.db.oneTimeCode.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await fetch(`${authority}/token`, form({ client_id: 'service-app-client', grant_type: 'oob', oob: code, continuation_token: challenged.continuation_token, scope: PURCHASE_SCOPE }));
    expect((await response.json()).error).toBe('expired_token');
  });

  it('the refresh token rotates; a reused refresh token is refused and revokes its successors', async () => {
    const { body } = await nativeSignIn(server.baseUrl, 'rotate@example.com', nextCode);
    const refresh = (token: string) => fetch(`${authority}/token`, form({ client_id: 'service-app-client', grant_type: 'refresh_token', refresh_token: token }));
    const rotated = await refresh(body.refresh_token);
    expect(rotated.status).toBe(200);
    const next = await rotated.json();
    expect(next.refresh_token).not.toBe(body.refresh_token);
    expect(next.access_token).toBeTruthy();

    const reused = await refresh(body.refresh_token);
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe('invalid_grant');
    expect((await refresh(next.refresh_token)).status).toBe(400);
  });

  it('an unknown client or a challenge type other than oob is answered the OAuth way', async () => {
    const unknown = await fetch(`${authority}/initiate`, form({ client_id: 'someone-else', username: 'a@example.com', challenge_type: 'oob redirect' }));
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toBe('invalid_client');
    const redirectOnly = await fetch(`${authority}/initiate`, form({ client_id: 'service-app-client', username: 'a@example.com', challenge_type: 'redirect' }));
    expect(await redirectOnly.json()).toEqual({ challenge_type: 'redirect' });
  });
});

describe('buyer token validation on the purchase API', () => {
  it('no bearer is 401 BuyerTokenMissing', async () => {
    const response = await readSession(null);
    expect(response.status).toBe(401);
    expect((await response.json()).Code).toBe('BuyerTokenMissing');
  });

  it.each([
    ['an untrusted issuer (right claims, foreign key)', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ scp: 'checkout.purchase' }).setProtectedHeader({ alg: 'ES256' }).setIssuer(`${server.baseUrl}/identity`).setAudience('api://licensing').setSubject('x').setIssuedAt(now).setExpirationTime(now + 600).sign(privateKey);
    }],
    ['a wrong audience', () => signedByAuthority({ sub: crypto.randomUUID() }, { audience: 'api://another-app' })],
    ['a wrong scope', () => signedByAuthority({ sub: crypto.randomUUID(), scp: 'profile.read' })],
    ['alg: none', async () => new UnsecuredJWT({ scp: 'checkout.purchase', sub: 'x' }).setIssuer(`${server.baseUrl}/identity`).setAudience('api://licensing').setExpirationTime('1h').encode()],
    ['an expired token', () => signedByAuthority({ sub: crypto.randomUUID() }, { expiresIn: -60 })],
    ['garbage', async () => 'not.a.jwt'],
  ])('a token with %s is 401 BuyerTokenInvalid', async (_name, makeToken) => {
    const response = await readSession(await makeToken());
    expect(response.status).toBe(401);
    expect((await response.json()).Code).toBe('BuyerTokenInvalid');
  });

  it('a valid token of a person who cannot be resolved is 403 BuyerLinkFailed', async () => {
    const response = await readSession(await signedByAuthority({ sub: crypto.randomUUID() }));
    expect(response.status).toBe(403);
    expect((await response.json()).Code).toBe('BuyerLinkFailed');
  });

  it('a checkout result is readable only by its buyer: another buyer gets 403 CheckoutResultForbidden', async () => {
    const owner = await database.db.account.create({ data: { email: 'owner.buyer@example.com' } });
    const other = await database.db.account.create({ data: { email: 'other.buyer@example.com' } });
    const seller = await createSeller(database.db);
    const offering = await createOffering(database.db, await createProduct(database.db, seller.id));
    const checkout = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: seller.id, offeringId: offering.id, buyerAccountId: owner.id },
    });
    const mine = await readSession(await signedByAuthority({ sub: owner.id }), checkout.id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('retry-after')).toBe('3');
    expect(await mine.json()).toMatchObject({ Status: 'pending', EncodedCredential: null, LicenseId: null });
    const theirs = await readSession(await signedByAuthority({ sub: other.id }), checkout.id);
    expect(theirs.status).toBe(403);
    expect((await theirs.json()).Code).toBe('CheckoutResultForbidden');
  });
});
