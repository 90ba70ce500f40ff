/**
 * Examples for the OpenAPI document, made from the JSON Schemas the routes' zod schemas become:
 * format-aware (uuid, date-time, email, uri), within enums, lengths and ranges, and named after
 * what a field holds where its name says it (a `username` reads `ada_lovelace`, not `string`).
 * A schema's own `examples` (zod `.meta({ examples: [...] })`) wins wherever one is given.
 */

export type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fixed values, so the document is the same on every start (no clock, no randomness). */
const EXAMPLE_UUID = '3f2b8c1e-7d4a-4c2b-9e1f-5a6b7c8d9e0f';
const EXAMPLE_TIME = '2026-11-27T18:00:00.000Z';
const EXAMPLE_DATE = '2026-11-27';

/** Strings by the field's name, tried before the generic ones (each still has to fit the schema). */
const STRING_BY_NAME: [RegExp, string][] = [
  [/^(id|.*Id)$/, EXAMPLE_UUID],
  [/^(email|.*Email)$/, 'ada@example.com'],
  [/^username$/i, 'ada_lovelace'],
  [/^slug$/i, 'climate-plainly'],
  [/^(next|path|href|link|url)$/i, '/group/climate-plainly'],
  [
    /(URL|Url|url|image|Image)$/,
    'https://townhall.example/media/images/3f2b8c1e-7d4a-4c2b-9e1f-5a6b7c8d9e0f/w640.webp',
  ],
  [/^groupName$/, 'Climate, Plainly'],
  [/^(name|displayName|.*Name)$/, 'Ada Lovelace'],
  [/^title$/i, 'Ask me anything about climate data'],
  [/^(body|text|answer|message|quote|description|summary)$/i, 'How do you check a dataset before you chart it?'],
  [/^(password|currentPassword|newPassword)$/, 'correct horse battery staple'],
  [/^(q|query)$/, 'climate'],
  [/^(cursor|nextCursor)$/, 'eyJhdCI6IjIwMjYtMTEtMjcifQ'],
  [/^token$/i, 'dG93bmhhbGwtZXhhbXBsZS10b2tlbg'],
  [/^code$/, 'not_found'],
  [/(At|Time)$/, EXAMPLE_TIME],
  [/^timeZone$|TimeZone$/, 'Europe/Berlin'],
];

/** Whatever a name suggests, candidates that fit common patterns (paths, slugs, codes). */
const FALLBACK_STRINGS = ['example', '/', 'climate-plainly', EXAMPLE_UUID, EXAMPLE_TIME, 'a', '0'];

const FORMAT_STRINGS: Record<string, string> = {
  uuid: EXAMPLE_UUID,
  'date-time': EXAMPLE_TIME,
  date: EXAMPLE_DATE,
  email: 'ada@example.com',
  uri: 'https://townhall.example/group/climate-plainly',
  url: 'https://townhall.example/group/climate-plainly',
  'uri-reference': '/group/climate-plainly',
  hostname: 'townhall.example',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

function matchesPattern(value: string, pattern: unknown): boolean {
  if (typeof pattern !== 'string') return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

/** `value` cut or padded to the schema's lengths. */
function fitLength(value: string, schema: JsonSchema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let fitted = value.length > max ? value.slice(0, max) : value;
  while (fitted.length < min) fitted += value.length > 0 ? value : 'x';
  return fitted.length > max ? fitted.slice(0, max) : fitted;
}

function stringExample(schema: JsonSchema, name: string | undefined): string {
  const candidates: string[] = [];
  if (typeof schema.format === 'string' && FORMAT_STRINGS[schema.format])
    candidates.push(FORMAT_STRINGS[schema.format]!);
  if (name) for (const [test, value] of STRING_BY_NAME) if (test.test(name)) candidates.push(value);
  candidates.push(...FALLBACK_STRINGS);
  const fitting = candidates.map((candidate) => fitLength(candidate, schema));
  return fitting.find((candidate) => matchesPattern(candidate, schema.pattern)) ?? fitting[0]!;
}

function numberExample(schema: JsonSchema, name: string | undefined, isInteger: boolean): number {
  let value = 1;
  if (name && /^(limit|count|.*Count|days)$/.test(name)) value = 20;
  else if (name && /Minutes$/.test(name)) value = 60;
  else if (name && /hour/i.test(name)) value = 8;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
    value = schema.exclusiveMinimum + 1;
  }
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) {
    value = schema.exclusiveMaximum - 1;
  }
  return isInteger ? Math.ceil(value) : value;
}

const isNullSchema = (schema: unknown) => isObject(schema) && schema.type === 'null';

/**
 * An example value of `schema` (named `name` where it is a field or parameter); `resolve` looks
 * up a `$ref` of the document. Deterministic: the same schema always gives the same example.
 */
export function exampleOf(
  schema: unknown,
  name?: string,
  resolve: (ref: string) => unknown = () => undefined,
  depth = 0,
): unknown {
  if (!isObject(schema) || depth > 12) return null;
  if (typeof schema.$ref === 'string') return exampleOf(resolve(schema.$ref), name, resolve, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const branch = branches.find((candidate) => !isNullSchema(candidate)) ?? branches[0];
      return exampleOf(branch, name, resolve, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged: JsonSchema = {};
    for (const part of schema.allOf) {
      const value = exampleOf(part, name, resolve, depth + 1);
      if (isObject(value)) Object.assign(merged, value);
      else return value;
    }
    return merged;
  }
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
      return numberExample(schema, name, true);
    case 'number':
      return numberExample(schema, name, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const count = Math.min(Math.max(min, 1), max);
      const item = exampleOf(schema.items, singular(name), resolve, depth + 1);
      return Array.from({ length: count }, () => item);
    }
    case 'object':
    default: {
      if (!isObject(schema.properties)) {
        return type === 'object' || schema.additionalProperties !== undefined ? {} : null;
      }
      const value: JsonSchema = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        // a group's name reads as a group's, not a person's
        const fieldName = key === 'name' && name && /group/i.test(name) ? 'groupName' : key;
        value[key] = exampleOf(property, fieldName, resolve, depth + 1);
      }
      return value;
    }
  }
}

/** `questions` → `question`, so an array's items are named as one of them. */
function singular(name: string | undefined): string | undefined {
  if (!name) return name;
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}
