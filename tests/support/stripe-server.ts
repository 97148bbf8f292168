import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for api.stripe.com, for what the Stripe adapter calls: the real SDK talks to it
// over HTTP (STRIPE_API_BASE), so the tests see exactly the form-encoded requests Stripe would get.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body as flat keys, as the SDK encodes it: `line_items[0][price_data][unit_amount]`. */
  body: Record<string, string>;
  /** Lower-cased header names (`stripe-account`, `idempotency-key`, `authorization`). */
  headers: Record<string, string>;
}

export interface StripeServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next `times` requests (default 1) answer 500 with a Stripe error body. */
  failNext(times?: number): void;
  stop(): Promise<void>;
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** `metadata[checkoutId]=x` → { checkoutId: 'x' } for one top-level hash. */
function hashOf(body: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(key);
    if (match) out[match[1]!] = value;
  }
  return out;
}

function checkoutSession(body: Record<string, string>, idempotent: Map<string, unknown>, idempotencyKey: string | undefined) {
  if (idempotencyKey && idempotent.has(idempotencyKey)) return idempotent.get(idempotencyKey);
  const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
  const quantity = Number(body['line_items[0][quantity]'] ?? 1);
  const unitAmount = Number(body['line_items[0][price_data][unit_amount]'] ?? 0);
  const session = {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    mode: body.mode ?? 'payment',
    status: 'open',
    payment_status: 'unpaid',
    currency: body['line_items[0][price_data][currency]'] ?? null,
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity,
    metadata: hashOf(body, 'metadata'),
    client_reference_id: body.client_reference_id ?? null,
    customer: null,
    customer_email: body.customer_email ?? null,
    customer_details: null,
    subscription: null,
    payment_intent: null,
    success_url: body.success_url ?? null,
    cancel_url: body.cancel_url ?? null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
  };
  if (idempotencyKey) idempotent.set(idempotencyKey, session);
  return session;
}

export async function startStripeServer(): Promise<StripeServer> {
  const requests: RecordedRequest[] = [];
  // Like Stripe, a repeated Idempotency-Key (per account) replays the first answer.
  const idempotent = new Map<string, unknown>();
  let failures = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const headers = flatHeaders(req.headers);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers });

      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(payload));
      };
      if (failures > 0) {
        failures--;
        answer(500, { error: { type: 'api_error', message: 'Simulated Stripe failure.' } });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = headers['idempotency-key'] && `${headers['stripe-account'] ?? ''}:${headers['idempotency-key']}`;
        answer(200, checkoutSession(body, idempotent, key));
        return;
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(times = 1) {
      failures += times;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
