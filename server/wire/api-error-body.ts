import type { DomainError } from '../errors';

/**
 * The one shape of every failure a caller reads (spec "ApiError"), as JSON: every error body of
 * REST, the entry server and the MCP tools is written here.
 */
export function apiErrorBody(error: DomainError, correlationId: string): string {
  const body: Record<string, unknown> = { Code: error.code, Message: error.message, CorrelationId: correlationId };
  if (error.details) body.Details = error.details;
  return JSON.stringify(body);
}
