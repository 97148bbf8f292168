// Renaming object keys between the wire's PascalCase and the core's camelCase (DESIGN.md
// "Platform decisions"). The wire mapping (http/wire.ts) and the replay of answers recorded in the
// wire's keys (licensing/management-request.ts) share these.

export const pascal = (key: string) => key[0]!.toUpperCase() + key.slice(1);
export const camel = (key: string) => key[0]!.toLowerCase() + key.slice(1);

/** Every object key in `value` as camelCase, at every depth (values untouched; a map keyed by data would be renamed too). */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), camelKeys(inner)]));
}
