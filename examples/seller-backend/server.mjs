// A seller backend with @licensing/sdk: the spec's tenant seat workflow behind a tiny HTTP API.
//   POST /tenants/{id}/checkout  {"email","seats"}  -> the embedded checkout (redirect the buyer to its url)
//   POST /tenants/{id}/sync                          -> one labelled code per live seat, kept in the store
//   POST /tenants/{id}/use       {"feature","units"} -> choose the seat with the most allowance left, check, record
//   POST /tenants/{id}/paste     {"code"}            -> associate a license bought elsewhere
//   POST /webhooks                                   -> the service's signed events: a tenant's seats are synced
//                                                       when its checkout completes or its license changes
// Codes are kept in a JSON file here (a secret store in production). See README.md beside this file.
import fs from 'node:fs';
import http from 'node:http';
import { LicensingApiError, SellerClient, verifyWebhook, WebhookSignatureError } from '@licensing/sdk';

const baseUrl = process.env.LICENSING_BASE_URL ?? 'http://localhost:3000';
const offeringId = process.env.LICENSING_OFFERING;
const storeFile = process.env.SEAT_STORE_FILE ?? 'seller-backend-seats.json';
const seller = new SellerClient({ baseUrl, apiKey: process.env.LICENSING_API_KEY ?? '' });

const codes = new Map(fs.existsSync(storeFile) ? Object.entries(JSON.parse(fs.readFileSync(storeFile, 'utf8'))) : []);
const save = () => fs.writeFileSync(storeFile, JSON.stringify(Object.fromEntries(codes), null, 2), { mode: 0o600 });
const store = { get: (seatId) => codes.get(seatId) ?? null, set: (seatId, code) => (codes.set(seatId, code), save()), delete: (seatId) => (codes.delete(seatId), save()) };
const tenants = new Map();
const tenant = (id) => tenants.get(id) ?? tenants.set(id, seller.tenant(id, { store })).get(id);

// Webhooks: LICENSING_WEBHOOK_SECRET is the endpoint's whsec_ secret (two, comma-separated, during a rotation).
const webhookSecrets = (process.env.LICENSING_WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
const tenantOfLicense = new Map();
const seenWebhooks = new Set();
async function receiveWebhook(rawBody, headers) {
  const event = verifyWebhook(rawBody, headers, webhookSecrets);
  // The same webhook-id again is a repeat (our answer was lost): acknowledge, do nothing.
  if (seenWebhooks.has(event.webhookId)) return [204, null];
  seenWebhooks.add(event.webhookId);
  if (event.type === 'checkout.completed' || event.type === 'license.created') {
    if (event.data.correlationId && event.data.licenseId) tenantOfLicense.set(event.data.licenseId, event.data.correlationId);
  }
  const tenantId = event.licenseId ? tenantOfLicense.get(event.licenseId) : undefined;
  console.log(`webhook ${event.type} #${event.sequence} verified${tenantId ? ` (tenant ${tenantId})` : ''}`);
  if (tenantId && ['checkout.completed', 'license.status_changed', 'seat.added', 'seat.retired', 'license_code.revoked'].includes(event.type)) {
    await tenant(tenantId).sync();
    console.log(`synced tenant ${tenantId} after ${event.type}`);
  }
  return [204, null];
}

async function handle(method, [, resource, id, action], body) {
  if (method !== 'POST' || resource !== 'tenants' || !id) return [404, { error: 'Not found' }];
  if (action === 'checkout') {
    const checkout = await seller.createEmbeddedCheckout({ offeringId, correlationId: id, customerEmail: body.email, quantity: body.seats ?? 1 });
    return [200, { sessionId: checkout.sessionId, url: checkout.sessionUrl ?? checkout.claimUrl }];
  }
  if (action === 'sync') return [200, await tenant(id).sync()];
  if (action === 'paste') return [200, await tenant(id).associatePastedCode(body.code)];
  if (action === 'use') {
    const { seatId, runtime } = await tenant(id).chooseSeat(body.feature, body.units ?? 1);
    const decision = runtime.check(body.feature, body.units ?? 1);
    if (decision.allowed) runtime.record(body.feature, body.units ?? 1);
    await runtime.flush();
    return [decision.allowed ? 200 : 429, { seatId, ...decision }];
  }
  return [404, { error: 'Not found' }];
}

const server = http.createServer(async (req, res) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  let status;
  let answer;
  try {
    const path = new URL(req.url, 'http://x').pathname;
    // A webhook is verified over its raw body, before anything parses it.
    [status, answer] = req.method === 'POST' && path === '/webhooks' ? await receiveWebhook(text, req.headers) : await handle(req.method, path.split('/'), text ? JSON.parse(text) : {});
  } catch (error) {
    if (error instanceof WebhookSignatureError) [status, answer] = [400, { code: 'BadSignature', message: error.message }];
    else [status, answer] = error instanceof LicensingApiError ? [error.status || 503, { code: error.code, message: error.message }] : [400, { code: error.name, message: error.message }];
  }
  if (answer === null) res.writeHead(status).end();
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
});
server.listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => console.log(`Seller backend listening on http://127.0.0.1:${server.address().port}`));
const stop = async () => {
  server.close();
  await Promise.all([...tenants.values()].map((one) => one.close()));
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
