import { createMiddleware } from 'hono/factory';
import type { Hook } from '@hono/zod-openapi';
import { DomainError } from '../../errors';
import type { AppEnv } from '../app-env';
import { validationErrorFromZod } from '../../validation-error';
import { assertUsableText } from '../../validation-error';

// The media types Hono's json validator reads (its own test, with parameters allowed).
const JSON_MEDIA_TYPE = /^\s*application\/([\w.-]+\+)?json\s*(;.*)?$/i;

/** Deeper than any request shape of ours; deeper bodies are refused before anything else reads them. */
const MAX_BODY_DEPTH = 16;

/** Whether `value` nests deeper than `limit` levels (an object or array is one level). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (nestsDeeperThan(value[index], limit - 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], limit - 1)) return true;
  return false;
}

/**
 * Reads the body as a JSON object, whatever Content-Type says (curl's `-d` sends form encoding),
 * before credentials are looked at: unreadable, not an object, or nested too deeply is 400
 * InvalidPayload. The route's validator then sees it as JSON.
 */
export const readJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const text = await c.req.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainError('InvalidPayload', 'The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new DomainError('InvalidPayload', 'The request body must be a JSON object.');
  }
  if (nestsDeeperThan(parsed, MAX_BODY_DEPTH)) throw new DomainError('InvalidPayload', `The request body is nested deeper than ${MAX_BODY_DEPTH} levels.`);
  if (JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
    // The route's validator asks for json(); Hono's would parse the text a second time.
    c.req.json = (() => Promise.resolve(parsed)) as typeof c.req.json;
  } else {
    // The validator reads only a body declared JSON: the request is remade with that type (rare: curl -d).
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: text });
    c.req.bodyCache = {};
  }
  await next();
});

/**
 * Every route's validation outcome: a path parameter that fails its shape names nothing (404);
 * a body or query field is a 400 ValidationError with Details naming the field as the caller
 * wrote it. Accepted strings must be well-formed and free of NUL, which PostgreSQL cannot store.
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    if (result.target === 'param') throw new DomainError('NotFound', 'No resource at this path.');
    throw validationErrorFromZod(result.error, { keepFieldNames: true });
  }
  if (result.target === 'json' || result.target === 'query') assertUsableText(result.data);
};
