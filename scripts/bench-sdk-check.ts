// The client library's local decision (RuntimeClient.check): how many checks a second, with no
// network per check. A local HTTP server signs one authorization (ES256) and serves its JWKS, so the
// client verifies a real JWS first; then check() runs in a loop. Baseline in the same run: the same
// number of plain Map lookups, the floor of any local decision.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompactSign, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { RuntimeClient, verifyLicenseFile } from '../sdk/src/index';

const CHECKS = 5_000_000;

async function authorityServer() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
  let base = '';
  // node:http ignores a handler's promise: a failure answers 500 rather than going unhandled.
  const server = http.createServer((req, res) => void authorize(req, res).catch(() => res.writeHead(500).end()));
  async function authorize(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.url?.endsWith('/.well-known/jwks')) return void res.end(JSON.stringify({ keys: [jwk] }));
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const { RequestId, LicenseId } = JSON.parse(body) as { RequestId: string; LicenseId: string };
    const issuedAt = Math.floor(Date.now() / 1000);
    const statement = {
      AuthorizationId: crypto.randomUUID(), RequestId, LicenseId, SeatId: 'seat', LicenseClassification: 1,
      IssuedUtc: new Date(issuedAt * 1000).toISOString(), ExpiresUtc: new Date((issuedAt + 600) * 1000).toISOString(),
      Features: [{ FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: 1_000_000_000, RateWindowSeconds: 60, Allowance: 1_000_000_000, Remaining: 1_000_000_000, PeriodEndUtc: new Date(Date.now() + 86_400_000).toISOString() }],
    };
    const claims = { ...statement, iss: `${base}/licensing/runtime`, aud: 'service-runtime', sub: 'seat', jti: statement.AuthorizationId, iat: issuedAt, exp: issuedAt + 600 };
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'ES256', kid: 'bench', typ: 'license-authorization+jwt' }).sign(privateKey);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ Authorization: jws, ...statement }));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = await new SignJWT({ scope: 'license.runtime', lic: 'license', seat: 'seat' }).setProtectedHeader({ alg: 'ES256', kid: 'bench' }).setIssuer(`${base}/licensing/runtime`).setAudience('service-runtime').setSubject('code').sign(privateKey);
  // An offline license file of the same authority, bound to a device, for OfflineLicense.check().
  const fingerprint = 'f'.repeat(64);
  const issuedAt = Math.floor(Date.now() / 1000);
  const file = {
    FileId: crypto.randomUUID(), LicenseId: 'license', SeatId: 'seat', DeviceId: 'device', Fingerprint: fingerprint, LicenseClassification: 2,
    IssuedUtc: new Date(issuedAt * 1000).toISOString(), ExpiresUtc: new Date((issuedAt + 86_400) * 1000).toISOString(),
    Features: [{ FeatureKey: 'render', ServiceAccessLevel: 'Allowed', RateLimit: 1_000_000_000, RateWindowSeconds: 60, Allowance: 1_000_000_000, Remaining: 1_000_000_000, PeriodEndUtc: new Date(Date.now() + 86_400_000).toISOString() }],
  };
  const licenseFile = await new CompactSign(new TextEncoder().encode(JSON.stringify({ ...file, iss: `${base}/licensing/runtime`, aud: 'service-runtime', sub: 'seat', jti: file.FileId, iat: issuedAt, exp: issuedAt + 86_400 })))
    .setProtectedHeader({ alg: 'ES256', kid: 'bench', typ: 'license-file+jwt' })
    .sign(privateKey);
  return { base, code: `SVC_LIC_${Buffer.from(token).toString('base64url')}`, licenseFile, fingerprint, jwks: { keys: [jwk] }, close: () => server.close() };
}

export async function benchSdkCheck(): Promise<void> {
  const authority = await authorityServer();
  const client = new RuntimeClient({ licensingUrl: `${authority.base}/licensing`, consumptionUrl: `${authority.base}/consumption`, licenseCode: authority.code, flushIntervalMs: 0 });
  try {
    await client.authorize();
    const time = (work: () => void) => {
      work(); // warm
      const started = process.hrtime.bigint();
      work();
      return Number(process.hrtime.bigint() - started) / 1e9;
    };
    let allowed = 0;
    const checkSeconds = time(() => {
      for (let i = 0; i < CHECKS; i++) if (client.check('render').allowed) allowed += 1;
    });
    const features = new Map([['render', { remaining: 1 }]]);
    let found = 0;
    const baselineSeconds = time(() => {
      for (let i = 0; i < CHECKS; i++) if (features.get('render')!.remaining > 0) found += 1;
    });
    const perSecond = CHECKS / checkSeconds;
    console.log(`\nClient library: RuntimeClient.check(), local, after one verified authorization (${CHECKS.toLocaleString('en')} checks)`);
    console.log(`  baseline: plain Map lookups: ${Math.round(CHECKS / baselineSeconds).toLocaleString('en')} /s`);
    const offline = await verifyLicenseFile(authority.licenseFile, { jwks: authority.jwks, issuer: `${authority.base}/licensing/runtime`, fingerprint: authority.fingerprint });
    let offlineAllowed = 0;
    const offlineSeconds = time(() => {
      for (let i = 0; i < CHECKS; i++) if (offline.check('render').allowed) offlineAllowed += 1;
    });
    const offlinePerSecond = CHECKS / offlineSeconds;
    console.log(`  OfflineLicense.check() from a verified offline license file: ${Math.round(offlinePerSecond).toLocaleString('en')} checks/s (${offlineAllowed === CHECKS * 2 ? 'all allowed' : 'NOT all allowed'}), ratio to the baseline ${(offlinePerSecond / (CHECKS / baselineSeconds)).toFixed(2)}`);
    console.log(`  check(): ${Math.round(perSecond).toLocaleString('en')} checks/s (${allowed === CHECKS * 2 && found === CHECKS * 2 ? 'all allowed' : 'NOT all allowed'}), ratio to the baseline ${(perSecond / (CHECKS / baselineSeconds)).toFixed(2)}   (target >= 1,000,000/s: ${perSecond >= 1_000_000 ? 'met' : 'NOT met'})`);
  } finally {
    await client.close();
    authority.close();
  }
}


