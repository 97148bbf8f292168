// The service speaks PascalCase (its REST bodies); the library speaks camelCase. Keys only: values
// (ids, feature keys, codes) pass through untouched.

type CamelKey<K> = K extends `${infer First}${infer Rest}` ? `${Lowercase<First>}${Rest}` : K;
/** A wire body as the library returns it: every key camelCase, at every depth. */
export type Camel<T> = T extends (infer Item)[] ? Camel<Item>[] : T extends object ? { [K in keyof T as CamelKey<K & string>]: Camel<T[K]> } : T;

function convert(value: unknown, key: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [key(name), convert(inner, key)]));
}

export function camelKeys<T>(value: T): Camel<T> {
  return convert(value, (name) => name.charAt(0).toLowerCase() + name.slice(1)) as Camel<T>;
}

export function pascalKeys(value: Record<string, unknown>): Record<string, unknown> {
  return convert(value, (name) => name.charAt(0).toUpperCase() + name.slice(1)) as Record<string, unknown>;
}
