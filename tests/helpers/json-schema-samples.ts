/**
 * Small, readable value generator from the JSON Schema (OpenAPI 3.0 flavour) that the app serves
 * at /api/docs/json, for the schema-driven fuzz test. It builds one valid-shaped value
 * per schema and lists the places ("paths") inside it that a test can make hostile one at a time.
 * Only the keywords our zod schemas produce are understood: type, properties, required, items,
 * enum, anyOf/oneOf/allOf, nullable, format, pattern, min/max(Length|Items|imum), default.
 */
import { randomUUID } from 'node:crypto';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  default?: unknown;
}

/** A value's position inside a body: property names and array indexes. */
export type Path = (string | number)[];

/** A malformed id: the shape a fuzzer once sent ('KpdNb4XvIgBD'). */
export const MALFORMED_ID = 'KpdNb4XvIgBD';

/**
 * Well-formed strings for fields whose rule lives in a zod refinement the JSON Schema cannot show
 * (a phone, a pincode, a state). Without them the valid-shaped body stops at the first refinement;
 * with them it gets one step deeper. Not a coverage list: any field missing here is still fuzzed.
 */
const REFINED_FIELD_EXAMPLES: Record<string, string> = {
  phone: '9876543210',
  pincode: '560001',
  state: 'Karnataka',
  email: 'fuzz@example.in',
  password: 'Secret@123',
  newPassword: 'Secret@1234',
  code: '123456',
  url: 'https://example.in/a.jpg',
  imageUrl: 'https://example.in/a.jpg',
  videoUrl: 'https://example.in/a.mp4',
  posterUrl: 'https://example.in/a.jpg',
  postUrl: 'https://instagram.com/p/abc',
  link: '/products',
  sku: 'SKU-1',
  size: 'M',
};

/** True for a field that names a record id (`id`, `_id`, `productId`, `ids`, `categoryIds`). */
export const isIdName = (name: string | number | undefined) => typeof name === 'string' && /^(_?id|ids)$|[a-z](Id|Ids)$/.test(name);

/** True when the schema (or one of its alternatives) is a UUID string. */
export function isUuidSchema(schema: JsonSchema): boolean {
  if (schema.format === 'uuid') return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(isUuidSchema);
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/**
 * One valid-shaped value for the schema: every property present (optional ones too), arrays at
 * their minimum length (at least one item), numbers at their lower bound, strings that match the
 * schema's pattern when a known example does. `idValue` gives the string for id-like fields
 * (UUID-format strings, or fields named like ids), e.g. an unknown UUID or a malformed id.
 */
export function sampleValue(schema: JsonSchema, idValue: () => string, name?: string | number): unknown {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // Prefer the richest alternative (an object or a plain string over an empty-string enum).
    const pick = alternatives.find((s) => !(s.enum && s.enum.length === 1 && s.enum[0] === '')) ?? alternatives[0];
    return sampleValue(pick, idValue, name);
  }
  if (schema.allOf?.length) return sampleValue(Object.assign({}, ...schema.allOf), idValue, name);
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sampleValue(prop, idValue, key);
      return out;
    }
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => sampleValue(schema.items ?? {}, idValue, name));
    }
    case 'integer':
    case 'number': {
      let n = schema.minimum ?? 1;
      if (schema.exclusiveMinimum === true) n += 1;
      if (typeof schema.exclusiveMinimum === 'number') n = schema.exclusiveMinimum + 1;
      if (schema.maximum !== undefined) n = Math.min(n, schema.maximum);
      return n;
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, idValue, name);
    default:
      return isIdName(name) ? idValue() : 'x';
  }
}

function sampleString(schema: JsonSchema, idValue: () => string, name?: string | number): string {
  if (isUuidSchema(schema) || isIdName(name)) return idValue();
  if (schema.format === 'date-time') return new Date(0).toISOString();
  const candidates = [
    typeof name === 'string' ? REFINED_FIELD_EXAMPLES[name] : undefined,
    'Fuzz value',
    'https://example.in/a.jpg',
    '2026-01-01',
  ];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (s: string | undefined): s is string =>
    s !== undefined && (!pattern || pattern.test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
  const found = candidates.find(fits);
  if (found) return found;
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Every path inside a value (objects' keys and arrays' items, depth first), the root excluded. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, v]) => [[...prefix, key], ...pathsOf(v, [...prefix, key])]);
}

/** A deep copy of `value` with the item at `path` replaced (or deleted when `replacement` is DELETE). */
export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === DELETE) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

/** Marker for withValueAt: remove the field. */
export const DELETE = Symbol('delete');

/** A value of another JSON type than `value` (a number for a string, a string for a number...). */
export function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return '12abc';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { length: 1, 0: 'x' };
  if (value && typeof value === 'object') return ['x'];
  return 'x';
}

/** Strings that have broken parsers, databases and renderers: odd Unicode, NUL, huge, injection. */
export const HOSTILE_STRINGS = [
  '',
  '\u0000',
  '\uD800', // a lone surrogate
  '\u202Eevil\u202C', // right-to-left override
  'ǅ\u0301\u200B👩🏽‍💻𝔘',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '-1',
  '1e309',
  'a'.repeat(100_000),
];

/** JSON text of an object whose own keys include prototype names (JSON.stringify drops `__proto__` set by assignment). */
export function withPrototypeKeys(value: unknown): string {
  const base = value && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value).slice(1, -1) : '';
  const hostile = '"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}},"prototype":{}';
  return `{${base}${base ? ',' : ''}${hostile}}`;
}

/** A fresh UUID that no row has. */
export const unknownId = () => randomUUID();
