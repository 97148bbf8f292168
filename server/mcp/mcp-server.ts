import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { requireApiKeyScope } from '../api-keys/api-key-scopes';
import { authenticateApiKey, type ApiKeyPrincipal } from '../api-keys/authenticate-api-key';
import { db } from '../db';
import { BODY_LIMIT_BYTES } from '../platform/limits/limit-table';
import { CATALOG_TOOLS } from './catalog-tools';
import { runWithActingContext, setActingContext } from '../platform/database/acting-context';
import { apiKeyActor } from '../audit/acting-api-key';
import { callTool, toolDefinition, toolError, unknownTool, type McpTool, type ToolCaller } from './mcp-tool';
import { SELLER_TOOLS } from './seller-tools';

// The MCP endpoint (POST /mcp): the SDK's Streamable HTTP transport, stateless and answering JSON,
// so any instance answers any request (no session, no sticky routing) and nothing outlives the
// request. A server and a transport are made per request (the SDK's stateless pattern); building
// them costs microseconds, the tool definitions are rendered once per process.

const MCP_SERVER_INFO = { name: 'licensing-service', title: 'Software licensing and storefronts', version: '1.0.0' };

const INSTRUCTIONS = [
  'Find and recommend software sold on this service: search_offerings across storefronts, get_storefront for one seller, get_offering for the details of one offering.',
  'To buy, give the person the link from start_purchase: they sign in and pay on the hosted page. You cannot buy for them.',
  'With the account API key (header dub-apiKey), a seller keeps the catalog: list_catalog, create_product, create_offering (created unlisted), set_offering_listed, get_sales_summary.',
  'Ids are the ones the tools return; field names are PascalCase as in the REST API.',
].join(' ');

const TOOLS_BY_NAME = new Map<string, McpTool>([...CATALOG_TOOLS, ...SELLER_TOOLS].map((tool) => [tool.name, tool]));

// tools/call, taken with any params and checked here: malformed ones ({"name":123}, no name,
// arguments as a string) are JSON-RPC's -32602 Invalid params with a short message.
const ANY_TOOL_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

function toolCallParams(params: unknown): { name: string; arguments: Record<string, unknown> | undefined } {
  const invalid = (why: string) => new McpError(ErrorCode.InvalidParams, `Invalid params: ${why}. tools/call takes {"name": "<tool>", "arguments": {…}}.`);
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalid('params must be an object');
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name.length === 0) throw invalid('name must be a tool name (a string)');
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) throw invalid('arguments must be an object');
  return { name, arguments: args as Record<string, unknown> | undefined };
}

export interface McpRequestContext {
  correlationId: string;
  /** The dub-apiKey header as sent; undefined when absent. */
  apiKey: string | undefined;
  /** The client's address and User-Agent, for the audit log. */
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** What tools/list shows: the anonymous tools, and the seller tools when the request carries a key. */
function listedTools(context: Pick<McpRequestContext, 'apiKey'>): McpTool[] {
  return context.apiKey?.trim() ? [...CATALOG_TOOLS, ...SELLER_TOOLS] : CATALOG_TOOLS;
}

function createServer(context: McpRequestContext): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  let principal: Promise<ApiKeyPrincipal> | undefined;
  const callerOf = (toolName: string): ToolCaller => ({
    correlationId: context.correlationId,
    // The key is checked once per request, when a seller tool runs (ApiKeyMissing or ApiKeyInvalid
    // otherwise), and its scopes at each tool (ApiKeyScope), as the REST routes check them.
    sellerId: async (scope) => {
      const key = await (principal ??= authenticateApiKey({ db: db() }, context.apiKey));
      requireApiKeyScope(key.grant, scope);
      // What the tool changes from here on is recorded in the seller's audit log as this key's doing.
      setActingContext(apiKeyActor(key, { surface: 'Mcp', operation: toolName, ipAddress: context.ipAddress ?? null, userAgent: context.userAgent ?? null, correlationId: context.correlationId }));
      return key.sellerId;
    },
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools(context).map(toolDefinition) }));
  // Registered through the protocol's own registration: the SDK's Server would check the params
  // first and answer a malformed call with its validation dump; toolCallParams answers it briefly.
  Protocol.prototype.setRequestHandler.call(server, ANY_TOOL_CALL, (request: z.infer<typeof ANY_TOOL_CALL>) => {
    const params = toolCallParams(request.params);
    const tool = TOOLS_BY_NAME.get(params.name);
    // An unknown name is a tool result too, so an agent reads why rather than a protocol failure.
    if (!tool) return toolError(unknownTool(params.name), context.correlationId, params.name);
    // Nobody acts until the tool's key is checked (a catalog tool never checks one).
    return runWithActingContext(undefined, () => callTool(tool, params.arguments, callerOf(tool.name)));
  });
  return server;
}

/** Answers one POST to /mcp (a JSON-RPC message or batch) through the SDK's transport. */
export async function answerMcpRequest(request: Request, context: McpRequestContext): Promise<Response> {
  const server = createServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: BODY_LIMIT_BYTES['/mcp'],
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
