import { jsonRpcErrorResponse } from '../api-error';
import * as mcpEndpoint from '../routes/mcp/mcp-endpoint';
import { createSurface } from '../surface';

/** /mcp: JSON-RPC error bodies for every refusal (a GET or DELETE is 405 with Allow: POST). */
export const createMcpSurface = () =>
  createSurface('mcp', { render: jsonRpcErrorResponse, limitPerIp: true }, (app) => {
    app.openapi(mcpEndpoint.route, mcpEndpoint.handler);
  });
