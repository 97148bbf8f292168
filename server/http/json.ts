import type { z } from 'zod';
import { DomainError } from '../errors';
import { validationErrorFromZod } from './normalize-error';

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}

/** Unreadable JSON, or JSON that is not an object, is InvalidPayload. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new DomainError('InvalidPayload', 'The request body is not valid JSON.');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new DomainError('InvalidPayload', 'The request body must be a JSON object.');
  }
  return raw as Record<string, unknown>;
}

// PascalCase at the edge, camelCase inside: only PascalCase keys are taken from a body, so a
// camelCase twin cannot slip past the contract.
function camelKeys(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (/^[A-Z]/.test(key)) out[key[0]!.toLowerCase() + key.slice(1)] = inner;
  }
  return out;
}

/** Validates a PascalCase body against the camelCase request schema; failures are ValidationError. */
export function validateBody<T extends z.ZodType>(body: Record<string, unknown>, schema: T): z.infer<T> {
  const result = schema.safeParse(camelKeys(body));
  if (!result.success) throw validationErrorFromZod(result.error);
  return result.data;
}
