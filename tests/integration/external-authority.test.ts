import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// A second, independent issuer (like a Microsoft Entra External ID tenant): its own RS256 key and
// JWKS endpoint. The service trusts it through BUYER_TOKEN_* configuration alone.
let database: TestDatabase;
let server: TestServer;
let issuerServer: http.Server;
let issuer: string;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'entra-key-1', alg: 'RS256', use: 'sig' }] };
  issuerServer = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url === '/tenant/discovery/v2.0/keys' ? jwks : {}));
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  issuer = `${base}/tenant/v2.0`;

  database = await createTestDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    env: {
      SEED_DEMO: 'false',
      BUYER_TOKEN_ISSUER: issuer,
      BUYER_TOKEN_JWKS_URL: `${base}/tenant/discovery/v2.0/keys`,
      BUYER_TOKEN_AUDIENCE: 'api://licensing',
      BUYER_TOKEN_CLIENT_ID: 'service-app-client',
    },
  });
});

afterAll(async () => {
  await server?.stop();
  issuerServer?.close();
  await database?.drop();
});

function externalToken(claims: Record<string, unknown>, options: { issuer?: string; key?: CryptoKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scp: 'checkout.purchase', azp: 'service-app-client', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'entra-key-1' })
    .setIssuer(options.issuer ?? issuer)
    .setAudience('api://licensing')
    .setSubject(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(options.key ?? privateKey);
}

const readSession = (token: string) =>
  fetch(`${server.baseUrl}/purchase/checkout/${crypto.randomUUID()}`, { headers: { authorization: `Bearer ${token}` } });

describe('an external sign-in authority, configured by BUYER_TOKEN_* alone', () => {
  it('accepts its tokens and creates the buyer account at first use, by e-mail address', async () => {
    const response = await readSession(await externalToken({ email: 'entra.buyer@example.com' }));
    expect(response.status).toBe(404);
    expect((await response.json()).Code).toBe('NotFound');
    expect(await database.db.account.count({ where: { email: 'entra.buyer@example.com' } })).toBe(1);
  });

  it('reads the address from the emails claim too (External ID user flows)', async () => {
    expect((await readSession(await externalToken({ emails: ['second@example.com'] }))).status).toBe(404);
  });

  it('a token of another client of that authority is 401 BuyerTokenInvalid', async () => {
    const response = await readSession(await externalToken({ email: 'x@example.com', azp: 'another-client' }));
    expect(response.status).toBe(401);
    expect((await response.json()).Code).toBe('BuyerTokenInvalid');
  });

  it('a token without any e-mail address is 403 BuyerLinkFailed', async () => {
    const response = await readSession(await externalToken({}));
    expect(response.status).toBe(403);
    expect((await response.json()).Code).toBe('BuyerLinkFailed');
  });

  it('tokens of other issuers, including the built-in authority, are 401 BuyerTokenInvalid', async () => {
    const other = await generateKeyPair('RS256');
    const foreignKey = await readSession(await externalToken({ email: 'x@example.com' }, { key: other.privateKey }));
    expect((await foreignKey.json()).Code).toBe('BuyerTokenInvalid');
    const builtIn = await readSession(await externalToken({ email: 'x@example.com' }, { issuer: `${server.baseUrl}/identity` }));
    expect(builtIn.status).toBe(401);
    expect((await builtIn.json()).Code).toBe('BuyerTokenInvalid');
  });
});
