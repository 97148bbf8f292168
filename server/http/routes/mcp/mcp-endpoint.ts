import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { API_KEY_HEADER } from '../../auth/with-api-key';
import { CLIENT_IP_HEADER } from '../../client-ip-header';
import { describedJson } from '../../openapi';

// POST /mcp: the MCP endpoint (server/mcp), stateless Streamable HTTP. Its clients read JSON-RPC, so
// every refusal on this surface, the middleware's included (per-IP limit, body limit), is a JSON-RPC
// error body with the status and headers the REST answer would have (the MCP surface's renderer).
// The transport reads the body itself, so it is documented here, not validated.

const JSON_RPC_MESSAGE = {
  type: 'object' as const,
  description: 'A JSON-RPC 2.0 request (initialize, tools/list, tools/call, …) or a batch of them.',
  properties: { jsonrpc: { type: 'string' as const, enum: ['2.0'] }, id: { type: ['string', 'integer'] as ('string' | 'integer')[] }, method: { type: 'string' as const }, params: { type: 'object' as const } },
  required: ['jsonrpc', 'method'],
};

export const route = createRoute({
  method: 'post',
  path: '/mcp',
  operationId: 'mcp',
  summary: 'The MCP endpoint for agents (JSON-RPC over Streamable HTTP; anonymous catalog tools, seller tools with the account API key)',
  tags: ['MCP'],
  security: [{}, { AccountApiKey: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: JSON_RPC_MESSAGE } } } },
  responses: {
    200: describedJson('The JSON-RPC response (application/json or one text/event-stream message).'),
    400: describedJson('A JSON-RPC error: unreadable JSON (-32700), not a request (-32600).'),
    405: describedJson('Only POST: the endpoint keeps no session and offers no event stream.'),
    429: {
      ...describedJson('A JSON-RPC error whose data is the ApiError `RateLimited`.'),
      headers: { 'Retry-After': { description: 'Seconds until the limit lets this caller in again.', schema: { type: 'integer' as const } } },
    },
  },
});

export async function handler(c: Context<AppEnv>): Promise<Response> {
  // The MCP server and its SDK (about 7 MB of heap) load at the first call: many deployments have no agents.
  const { answerMcpRequest } = await import('../../../mcp/mcp-server');
  const response = await answerMcpRequest(c.req.raw, {
    correlationId: c.get('correlationId'),
    apiKey: c.req.header(API_KEY_HEADER),
    ipAddress: c.req.header(CLIENT_IP_HEADER) ?? null,
    userAgent: c.req.header('user-agent') ?? null,
  });
  // Answers of a seller's tools are the seller's own: no cache keeps them.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
