import { ArgumentError } from './errors.js';

/** The part of JSON Schema the API document's request bodies use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  description?: string;
  [other: string]: unknown;
}

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function problem(value: unknown, schema: JsonSchema): string | null {
  if (schema.anyOf) return schema.anyOf.some((option) => problem(value, option) === null) ? null : 'is not an accepted value.';
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const actual = typeOf(value);
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return types.includes('integer') ? 'must be a whole number.' : `must be ${types.includes('null') ? `${types.filter((t) => t !== 'null').join(' or ')} or null` : types.join(' or ')}.`;
  }
  if (schema.enum && !schema.enum.includes(value)) return `must be one of: ${schema.enum.map(String).join(', ')}.`;
  if (typeof value === 'string') {
    if (value.includes('\u0000') || !value.isWellFormed()) return 'must not contain NUL or ill-formed Unicode.';
    if (schema.minLength !== undefined && value.length < schema.minLength) return schema.minLength === 1 ? 'is required.' : `must have at least ${schema.minLength} characters.`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `must have at most ${schema.maxLength} characters.`;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return schema.description ? `must be ${schema.description.replace(/^An? /, (a) => a.toLowerCase()).replace(/\.$/, '')}.` : 'has the wrong format.';
    if (schema.format === 'uri' && !URL.canParse(value)) return 'must be an absolute URL.';
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `must be at least ${schema.minimum}.`;
    if (schema.maximum !== undefined && value > schema.maximum) return `must be at most ${schema.maximum}.`;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return `must be more than ${schema.exclusiveMinimum}.`;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return `must be less than ${schema.exclusiveMaximum}.`;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return `must hold at least ${schema.minItems} items.`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `must hold at most ${schema.maxItems} items.`;
  }
  return null;
}

/**
 * Checks a wire body (PascalCase) against the API document's schema of that request and throws an
 * ArgumentError naming the first failing field as the caller wrote it (camelCase, `items.2.units`).
 */
export function assertValid(body: unknown, schema: JsonSchema, path: string[] = []): void {
  const field = () => path.map(camel).join('.') || 'body';
  if (body === undefined) return;
  const found = problem(body, schema);
  if (found) throw new ArgumentError(field(), found);
  if (schema.properties && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (record[name] === undefined) throw new ArgumentError([...path, name].map(camel).join('.'), 'is required.');
    }
    for (const [name, inner] of Object.entries(schema.properties)) assertValid(record[name], inner, [...path, name]);
  }
  if (schema.items && Array.isArray(body)) body.forEach((item, index) => assertValid(item, schema.items!, [...path, String(index)]));
}
