import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DomainError } from '../errors';
import { apiErrorBody } from '../wire/api-error-body';
import { normalizeError } from '../wire/normalize-error';
import { toWire, wireObject, wireRequest } from '../wire/wire';
import { logger } from '../platform/logging/logger';
import { assertUsableText, validationErrorFromZod } from '../validation-error';
import type { ApiKeyScope } from '../api-keys/api-key-scopes';

// One MCP tool: a camelCase input and output schema of the core (the same zod schemas the REST
// catalog and the services use), seen by agents through their PascalCase wire twins, as REST
// callers see them. A tool's arguments are checked against the twin, handed to one service, and its
// answer comes back as structuredContent plus a short text a person can read. Any refusal is a tool
// result with isError and the ApiError body (Code, Message, CorrelationId, Details), never a
// JSON-RPC error: the agent reads it and can tell the person what went wrong.

/** Who calls: a seller tool asks for the seller behind the request's account API key. */
export interface ToolCaller {
  correlationId: string;
  /** The seller the account API key names, when it has `scope`; throws ApiKeyMissing, ApiKeyInvalid or ApiKeyScope. */
  sellerId(scope: ApiKeyScope): Promise<string>;
}

export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** `seller` tools need the account API key and are listed only to a request that carries one. */
  audience: 'anyone' | 'seller';
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run(input: z.output<I>, caller: ToolCaller): Promise<z.output<O>>;
  /** A few lines for a person (the text content beside structuredContent). */
  summarize(result: z.output<O>): string;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: McpTool<I, O>): McpTool {
  return tool;
}

// The schemas agents see never change while the process runs: rendered once per tool.
const definitions = new WeakMap<McpTool, Tool>();

/** The tool as tools/list shows it: name, description, JSON Schemas of the wire twins, hints. */
export function toolDefinition(tool: McpTool): Tool {
  let definition = definitions.get(tool);
  if (!definition) {
    definition = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchemaOf(tool.input, 'input') as Tool['inputSchema'],
      outputSchema: jsonSchemaOf(tool.output, 'output') as Tool['outputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    };
    definitions.set(tool, definition);
  }
  return definition;
}

function jsonSchemaOf(schema: z.ZodObject, io: 'input' | 'output'): Record<string, unknown> {
  // Inline: a tool's schema stands alone (no $ref into a document the agent does not have).
  const { $schema: _dialect, ...rest } = z.toJSONSchema(wireObject(schema), { io, reused: 'inline', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Runs one tool call; every outcome is a CallToolResult. */
export async function callTool(tool: McpTool, args: unknown, caller: ToolCaller): Promise<CallToolResult> {
  const started = performance.now();
  try {
    assertUsableText(args ?? {});
    const parsed = wireRequest(tool.input).safeParse(args ?? {});
    if (!parsed.success) throw validationErrorFromZod(parsed.error, { keepFieldNames: true });
    const result = await tool.run(parsed.data, caller);
    logger.info({ tool: tool.name, ms: Math.round(performance.now() - started) }, 'mcp tool call');
    return {
      content: [{ type: 'text', text: tool.summarize(result) }],
      structuredContent: toWire(tool.output, result),
    };
  } catch (thrown) {
    return toolError(thrown, caller.correlationId, tool.name, started);
  }
}

/** A refusal as a tool result: isError, and the ApiError body as its text. */
export function toolError(thrown: unknown, correlationId: string, toolName: string, started = performance.now()): CallToolResult {
  const { error, unexpected } = normalizeError(thrown);
  if (unexpected) logger.error({ err: thrown, tool: toolName }, 'mcp tool call: unexpected failure');
  else logger.info({ tool: toolName, code: error.code, ms: Math.round(performance.now() - started) }, 'mcp tool call refused');
  return { isError: true, content: [{ type: 'text', text: apiErrorBody(error, correlationId) }] };
}

/** A tool name no list shows. */
export function unknownTool(name: string): DomainError {
  return new DomainError('NotFound', `No tool named ${JSON.stringify(name.slice(0, 100))}. Call tools/list for the tools this endpoint offers.`);
}
