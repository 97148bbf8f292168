import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { z } from 'zod';
import { toWire, type Wire } from '../wire/wire';

/**
 * A REST answer: the camelCase value a service returned, written as its schema's wire body (JSON,
 * PascalCase, only the fields the schema names), with its headers and status. Routes never rename keys.
 */
export function wireJson<T extends z.ZodObject, S extends ContentfulStatusCode = 200>(
  c: Context,
  schema: T,
  value: z.output<T>,
  headers?: Record<string, string>,
  status: S = 200 as S,
): TypedResponse<JSONParsed<Wire<z.output<T>>>, S, 'json'> {
  return c.json(toWire(schema, value), status, headers) as unknown as TypedResponse<JSONParsed<Wire<z.output<T>>>, S, 'json'>;
}
