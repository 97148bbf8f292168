import { z } from 'zod';

// The one copy of the key casing between the wire (PascalCase, as the spec names every field) and
// TypeScript (camelCase): the service's REST and MCP edges and this library's clients all use it.
// Keys only: values (ids, feature keys, codes) pass through untouched.

export const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
export const camel = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);

type PascalKey<K> = K extends string ? Capitalize<K> : K;
type CamelKey<K> = K extends `${infer First}${infer Rest}` ? `${Lowercase<First>}${Rest}` : K;

/** A camelCase value as the wire writes it: every field name PascalCase, at every depth. */
export type Wire<T> = T extends readonly (infer Item)[]
  ? Wire<Item>[]
  : T extends Record<string, unknown>
    ? { [K in keyof T as PascalKey<K>]: Wire<T[K]> }
    : T;

/** A wire body as TypeScript reads it: every key camelCase, at every depth. */
export type Camel<T> = T extends (infer Item)[] ? Camel<Item>[] : T extends object ? { [K in keyof T as CamelKey<K & string>]: Camel<T[K]> } : T;

function renameAll(value: unknown, key: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameAll(item, key));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [key(name), renameAll(inner, key)]));
}

/** Every object key camelCase, at every depth, for a body no schema describes (a map keyed by data would be renamed too). */
export function camelKeys<T>(value: T): Camel<T> {
  return renameAll(value, camel) as Camel<T>;
}

/** Every object key PascalCase, at every depth, for a body no schema describes. */
export function pascalKeys<T>(value: T): Wire<T> {
  return renameAll(value, pascal) as Wire<T>;
}

// ---------- renaming by a schema: only the keys its objects name, records' keys (data) kept ----------

type KeyMapper = (value: unknown) => unknown;
const unchanged: KeyMapper = (value) => value;
const mappers = { toWire: new WeakMap<z.ZodType, KeyMapper>(), fromWire: new WeakMap<z.ZodType, KeyMapper>() };

/** The schema under optional/nullable/default/readonly wrappers and the input side of a transform. */
function inner(schema: z.ZodType): z.ZodType | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault || schema instanceof z.ZodReadonly) return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodPipe) return schema.in as z.ZodType;
  return null;
}

/** Builds, once per schema and direction, the function that renames a value's keys as the schema's objects name them. */
function keyMapperOf(schema: z.ZodType, direction: keyof typeof mappers): KeyMapper {
  const known = mappers[direction].get(schema);
  if (known) return known;
  let mapper: KeyMapper = unchanged;
  const wrapped = inner(schema);
  if (wrapped) {
    const item = keyMapperOf(wrapped, direction);
    if (item !== unchanged) mapper = (value) => (value === null || value === undefined ? value : item(value));
  } else if (schema instanceof z.ZodArray) {
    const item = keyMapperOf(schema.element as z.ZodType, direction);
    if (item !== unchanged) mapper = (value) => (Array.isArray(value) ? value.map(item) : value);
  } else if (schema instanceof z.ZodRecord) {
    const item = keyMapperOf(schema.valueType as z.ZodType, direction);
    if (item !== unchanged) mapper = (value) => Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, entry]) => [key, item(entry)]));
  } else if (schema instanceof z.ZodObject) {
    // Only the shape's keys are written: a column the service read but the shape does not name never leaks.
    const fields = Object.entries(schema.shape).map(([key, field]) =>
      direction === 'toWire' ? ([key, pascal(key), keyMapperOf(field as z.ZodType, direction)] as const) : ([pascal(key), key, keyMapperOf(field as z.ZodType, direction)] as const),
    );
    mapper = (value) => {
      if (value === null || typeof value !== 'object') return value;
      const source = value as Record<string, unknown>;
      const body: Record<string, unknown> = {};
      for (const [from, to, item] of fields) if (source[from] !== undefined) body[to] = item(source[from]);
      return body;
    };
  }
  mappers[direction].set(schema, mapper);
  return mapper;
}

/** The wire body of a camelCase value of `schema`: keys renamed as its wire twin names them, values untouched. */
export function encodeWireKeys<T extends z.ZodType>(schema: T, value: z.output<T>): Wire<z.output<T>> {
  return keyMapperOf(schema, 'toWire')(value) as Wire<z.output<T>>;
}

/** A wire value (PascalCase keys) of `schema` back in camelCase, as the schema names its fields. */
export function decodeWireKeys<T extends z.ZodType>(schema: T, value: Wire<z.output<T>>): z.output<T> {
  return keyMapperOf(schema, 'fromWire')(value) as z.output<T>;
}
