import { z } from 'zod';

// The wire is PascalCase, the core camelCase (DESIGN.md "Platform decisions"). A request shape has
// one zod schema, next to its service, in camelCase; its wire twin is derived here, field for
// field, so REST, tRPC and the SDK validate with the same rules and the OpenAPI document shows
// the keys a caller sends.

const pascal = (key: string) => key[0]!.toUpperCase() + key.slice(1);
const camel = (key: string) => key[0]!.toLowerCase() + key.slice(1);

type PascalKey<K> = K extends string ? Capitalize<K> : K;
export type Wire<T> = T extends readonly (infer Item)[]
  ? Wire<Item>[]
  : T extends Record<string, unknown>
    ? { [K in keyof T as PascalKey<K>]: Wire<T[K]> }
    : T;

/** The object inside optional/nullable/default wrappers, when there is one. */
function objectInside(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return objectInside(schema.unwrap() as z.ZodType);
  return null;
}

function wireField(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return wireObject(schema);
  if (schema instanceof z.ZodOptional) return wireField(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return wireField(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodArray && objectInside(schema.element as z.ZodType)) {
    // The array's own checks (min, max length) travel with it.
    const checks = (schema._zod.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[];
    const array = z.array(wireField(schema.element as z.ZodType));
    return checks.length > 0 ? array.check(...checks) : array;
  }
  return schema;
}

/** The PascalCase twin of a camelCase object schema (nested objects and arrays of objects too). */
export function wireObject<T extends z.ZodObject>(schema: T): z.ZodType<Wire<z.output<T>>, Wire<z.input<T>>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) shape[pascal(key)] = wireField(field as z.ZodType);
  return z.object(shape) as unknown as z.ZodType<Wire<z.output<T>>, Wire<z.input<T>>>;
}

function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), camelKeys(inner)]));
}

/** A value validated by `wireObject(schema)` back in the core's camelCase (keys only; values untouched). */
export function fromWire<T extends z.ZodObject>(_schema: T, value: Wire<z.output<T>>): z.output<T> {
  return camelKeys(value) as z.output<T>;
}
