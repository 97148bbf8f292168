import { z } from 'zod';
import { decodeWireKeys, encodeWireKeys, pascal, type Wire } from '../../sdk/src/contract/key-case';
import { unusableStringField } from '../validation-error';

export type { Wire };

// The wire is PascalCase, the core camelCase (DESIGN.md "Platform decisions"). A request or
// response shape has one zod schema in camelCase (the requests' in sdk/src/contract, shared with the
// client library); its wire twin is derived here, field for field, so REST, tRPC, MCP and the SDK
// validate with the same rules and the OpenAPI document shows the keys a caller sends and receives.
// The casing is done here once: a request schema made by wireRequest hands its route the value
// already in camelCase, and toWire (through http/wire-json.ts on REST) writes a camelCase answer
// under the wire's names.

/** The object inside optional/nullable wrappers, when there is one. */
function objectInside(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return objectInside(schema.unwrap() as z.ZodType);
  return null;
}

/** The item of an array schema, or the schema itself. */
function arrayItem(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodArray ? (schema.element as z.ZodType) : schema;
}

function wireField(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return wireObject(schema);
  if (schema instanceof z.ZodOptional) return wireField(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return wireField(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodRecord && objectInside(arrayItem(schema.valueType as z.ZodType))) {
    // Keys of a record are data (ids), not field names: they stay as they are.
    return z.record(schema.keyType, wireField(schema.valueType as z.ZodType));
  }
  if (schema instanceof z.ZodArray && objectInside(schema.element as z.ZodType)) {
    // The array's own checks (min, max length) travel with it.
    const checks = (schema._zod.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[];
    const array = z.array(wireField(schema.element as z.ZodType));
    return checks.length > 0 ? array.check(...checks) : array;
  }
  return schema;
}

const wireTwins = new WeakMap<z.ZodObject, z.ZodType>();

/** The PascalCase twin of a camelCase object schema (nested objects, arrays and records of objects too): what an answer's body is. */
export function wireObject<T extends z.ZodObject>(schema: T): z.ZodType<Wire<z.output<T>>, Wire<z.input<T>>> {
  let twin = wireTwins.get(schema);
  if (!twin) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape)) shape[pascal(key)] = wireField(field as z.ZodType);
    twin = z.object(shape);
    // The document names the shape as its camelCase schema is named (OpenAPI components).
    const meta = schema.meta();
    if (meta) twin = twin.meta(meta);
    wireTwins.set(schema, twin);
  }
  return twin as unknown as z.ZodType<Wire<z.output<T>>, Wire<z.input<T>>>;
}

const requestSchemas = new WeakMap<z.ZodObject, z.ZodType>();

/**
 * A request body as the wire sends it (the PascalCase twin validates it, and is what the API document
 * shows), decoded to the camelCase value of `schema`: a route's `c.req.valid('json')` is the core's input.
 */
export function wireRequest<T extends z.ZodObject>(schema: T): z.ZodType<z.output<T>, Wire<z.input<T>>> {
  let request = requestSchemas.get(schema);
  if (!request) {
    request = wireObject(schema).transform((body, ctx) => {
      // Text PostgreSQL cannot store is refused under the name the caller wrote (the wire's), before decoding.
      const unusable = unusableStringField(body);
      if (unusable !== null) {
        ctx.issues.push({ code: 'custom', message: 'Must not contain NUL or ill-formed Unicode.', path: unusable === 'body' ? [] : unusable.split('.'), params: { detailCode: 'InvalidFormat' }, input: body });
        return z.NEVER;
      }
      return decodeWireKeys(schema, body as never);
    });
    requestSchemas.set(schema, request);
  }
  return request as z.ZodType<z.output<T>, Wire<z.input<T>>>;
}

/** The wire body of a camelCase value of `schema` (keys renamed as wireObject(schema) names them; values untouched). */
export function toWire<T extends z.ZodObject>(schema: T, value: z.output<T>): Wire<z.output<T>> {
  return encodeWireKeys(schema, value);
}
