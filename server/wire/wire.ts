import { z } from 'zod';
import { camelKeys, pascal } from '../platform/key-case';

// The wire is PascalCase, the core camelCase (DESIGN.md "Platform decisions"). A request or
// response shape has one zod schema, next to its service, in camelCase; its wire twin is derived
// here, field for field, so REST, tRPC and the SDK validate with the same rules and the OpenAPI
// document shows the keys a caller sends and receives. Services take and return camelCase values;
// a route turns a request into one with fromWire and an answer into its wire body with toWire.


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
    return z.record(schema.keyType as z.core.$ZodRecordKey, wireField(schema.valueType as z.ZodType));
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

/** The PascalCase twin of a camelCase object schema (nested objects, arrays and records of objects too). */
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

// ---------- answers: camelCase domain values to their wire bodies ----------

type KeyMapper = (value: unknown) => unknown;
const keyMappers = new WeakMap<z.ZodType, KeyMapper>();

const unchanged: KeyMapper = (value) => value;

/** Builds, once per schema, the function that renames a value's keys as the wire twin names them. */
function keyMapperOf(schema: z.ZodType): KeyMapper {
  const known = keyMappers.get(schema);
  if (known) return known;
  let mapper: KeyMapper = unchanged;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    const inner = keyMapperOf(schema.unwrap() as z.ZodType);
    if (inner !== unchanged) mapper = (value) => (value === null || value === undefined ? value : inner(value));
  } else if (schema instanceof z.ZodArray) {
    const item = keyMapperOf(schema.element as z.ZodType);
    if (item !== unchanged) mapper = (value) => (value as unknown[]).map(item);
  } else if (schema instanceof z.ZodRecord) {
    const item = keyMapperOf(schema.valueType as z.ZodType);
    if (item !== unchanged) mapper = (value) => Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, item(inner)]));
  } else if (schema instanceof z.ZodObject) {
    // Only the shape's keys are written: a column the service read but the shape does not name never leaks.
    const fields = Object.entries(schema.shape).map(([key, field]) => [key, pascal(key), keyMapperOf(field as z.ZodType)] as const);
    mapper = (value) => {
      const source = value as Record<string, unknown>;
      const body: Record<string, unknown> = {};
      for (const [key, wireKey, inner] of fields) if (source[key] !== undefined) body[wireKey] = inner(source[key]);
      return body;
    };
  }
  keyMappers.set(schema, mapper);
  return mapper;
}

/** The wire body of a camelCase value of `schema` (keys renamed as wireObject(schema) names them; values untouched). */
export function toWire<T extends z.ZodObject>(schema: T, value: z.output<T>): Wire<z.output<T>> {
  return keyMapperOf(schema)(value) as Wire<z.output<T>>;
}

/** A value validated by `wireObject(schema)` back in the core's camelCase (keys only; values untouched). */
export function fromWire<T extends z.ZodObject>(_schema: T, value: Wire<z.output<T>>): z.output<T> {
  return camelKeys(value) as z.output<T>;
}
