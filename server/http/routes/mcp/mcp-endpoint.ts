import type { Context } from 'hono';
import { answerMcpRequest } from '../../../mcp/mcp-server';
import { jsonRpcErrorResponse, MethodNotAllowedError } from '../../api-error';
import type { AppEnv } from '../../app-env';
import { API_KEY_HEADER } from '../../auth/with-api-key';

// /mcp: the MCP endpoint (server/mcp). Its clients read JSON-RPC, so every refusal on this path,
// the REST app's middleware's included (per-IP limit, body limit), is a JSON-RPC error body with the
// status and headers the REST answer would have (rest-app.ts onError).

export const MCP_PATH = '/mcp';
/** Methods that are not POST: stateless, the endpoint offers no event stream (GET) and no session to end (DELETE). */
export const MCP_REFUSED_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export async function handleMcpPost(c: Context<AppEnv>): Promise<Response> {
  const response = await answerMcpRequest(c.req.raw, { correlationId: c.get('correlationId'), apiKey: c.req.header(API_KEY_HEADER) });
  // Answers of a seller's tools are the seller's own: no cache keeps them.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export function refuseMcpMethod(c: Context<AppEnv>): Response {
  return jsonRpcErrorResponse(new MethodNotAllowedError(c.req.method, ['POST']), c.get('correlationId'));
}
