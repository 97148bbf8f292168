// The ceiling of the runtime bench (DESIGN.md "Speed of the runtime paths"): a plain node:http
// handler that reads a JSON body, verifies one ES256 JWT and signs one, and nothing else. Started as
// its own process by scripts/bench.ts; prints "ceiling listening on <url>" and the token to send.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';

async function main() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const token = await new SignJWT({ scope: 'license.runtime', lic: 'license', seat: 'seat' })
    .setProtectedHeader({ alg: 'ES256', kid: 'ceiling' })
    .setIssuer('ceiling')
    .setAudience('service-runtime')
    .setSubject('credential')
    .sign(privateKey);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The answer catches every failure itself (a 401), so nothing is left to await.
    req.on('end', () => void answer());
    async function answer(): Promise<void> {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { LicenseId?: string };
        const bearer = (req.headers.authorization ?? '').slice('Bearer '.length);
        const { payload } = await jwtVerify(bearer, publicKey, { issuer: 'ceiling', audience: 'service-runtime', algorithms: ['ES256'] });
        const signed = await new SignJWT({ LicenseId: body.LicenseId, SeatId: payload.seat })
          .setProtectedHeader({ alg: 'ES256', kid: 'ceiling' })
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(privateKey);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Authorization: signed, LicenseId: body.LicenseId }));
      } catch {
        res.writeHead(401);
        res.end();
      }
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    console.log(`ceiling listening on http://127.0.0.1:${port} token ${token}`);
  });
}

void main();
