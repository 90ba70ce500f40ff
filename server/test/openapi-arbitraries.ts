import fc from 'fast-check';

/** The part of JSON Schema our zod contracts produce (see /api/openapi.json). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** Real values by field or parameter name (ids of rows that exist), so requests reach deep code. */
export type KnownValues = Record<string, readonly string[]>;

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const UUID = '0b6f3c52-5f0e-4c1a-9d1e-7f2a1c3b4d5e';

/** Page links a person could hand-craft: well-formed base64url JSON with values PostgreSQL refuses. */
export const FORGED_CURSORS: readonly string[] = [
  forge(['9999-99-99T99:99:99.999999Z', UUID]),
  forge(['0000-01-01T00:00:00.000000Z', 'someone']),
  forge(['2024-02-30T00:00:00.000Z', UUID]),
  forge([2 ** 40, UUID]),
  forge([-1, '2024-01-01T00:00:00.000000Z', UUID]),
  forge([1, '2024-01-01T00:00:00.000000Z', 'not-a-uuid']),
  forge(['2024-01-01T00:00:00.000000Z', '99999999999999999999999']),
  forge({ __proto__: 1 }),
  forge(null),
  forge('o-5'),
  Buffer.from('o99999999').toString('base64url'),
  Buffer.from('o-1').toString('base64url'),
  'nonsense',
];

/** Strings that have broken servers: control characters, broken Unicode, numbers out of range, huge text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[31m',
  'tab\tand\nnewline\r',
  '\u007f',
  '\u0085\u009f',
  '\ud800',
  'x\udfff',
  '\ud83d\ude00\u200b\u202e\u0301',
  'İSTANBUL ß ﬃ Ǆ',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1e309',
  'NaN',
  '1.5',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%',
  '\\',
  "' or 1=1 --",
  '%_\\%',
  '<script>alert(1)</script>',
  'a'.repeat(257),
  'é'.repeat(5000),
  '1970-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '275760-09-13T00:00:00.000Z',
  '2024-02-30T25:61:00Z',
  ...FORGED_CURSORS,
];

/** Numbers at and beyond the edges of every column type. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  0.5,
  -0,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Text with a character PostgreSQL or UTF-8 refuses: a NUL, another control character, half a surrogate pair. */
export const brokenText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'x\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\ud800', 'x\udfff'),
  fc
    .tuple(
      fc.string({ maxLength: 12 }),
      fc.oneof(
        fc.integer({ min: 0, max: 0x1f }),
        fc.integer({ min: 0x7f, max: 0x9f }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
      ),
      fc.string({ maxLength: 12 }),
    )
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`),
);

/** Any JSON value of a type the schema does not expect, or a hostile one of its own. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: brokenText },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...FORGED_CURSORS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant('w'.repeat(200_000)) },
);

function stringFromPattern(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

/** A value that fits `schema` as its JSON Schema says (zod's refinements may still refuse it). */
export function validValue(schema: JsonSchema, name: string | undefined, known: KnownValues): fc.Arbitrary<unknown> {
  const real = name !== undefined ? known[name] : undefined;
  // real ids, names and slugs most of the time, so requests get past "not found"
  const realValues = real && real.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...real) }] : [];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...realValues, ...alternatives.map((item) => validValue(item, name, known)));
  if (realValues.length > 0 && schema.type === 'string' && !schema.enum) {
    return fc.oneof(...realValues, validValue({ ...schema }, undefined, known));
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? fc.constantFrom(...schema.type) : fc.constant(schema.type);
  return type.chain((kind): fc.Arbitrary<unknown> => {
    switch (kind) {
      case 'string': {
        const minLength = schema.minLength ?? 0;
        const maxLength = Math.min(schema.maxLength ?? 64, minLength + 64);
        const options: fc.Arbitrary<string>[] = [fc.string({ minLength, maxLength })];
        if (schema.format === 'uuid') options.push(fc.uuid());
        if (schema.format === 'email' || name?.toLowerCase().includes('email')) options.push(fc.emailAddress());
        if (schema.format === 'date-time' || name?.endsWith('At')) {
          options.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
        }
        if (schema.pattern) {
          const matching = stringFromPattern(schema.pattern);
          if (matching) options.push(matching, matching);
        }
        if (schema.maxLength !== undefined) options.push(fc.constant('m'.repeat(schema.maxLength)));
        return fc.oneof(...options);
      }
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? schema.exclusiveMinimum ?? -(2 ** 31);
        const max = schema.maximum ?? schema.exclusiveMaximum ?? 2 ** 31 - 1;
        return kind === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(validValue(schema.items ?? {}, name, known), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
        });
      case 'object':
        return objectValue(schema, known, (child, childName) => validValue(child, childName, known));
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
}

function objectValue(
  schema: JsonSchema,
  known: KnownValues,
  valueOf: (schema: JsonSchema, name: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) model[key] = valueOf(child, key);
  const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * A value shaped like `schema` in which any part may be hostile: each field is usually valid,
 * sometimes a hostile value or the wrong type; objects sometimes lose a required field or gain
 * an unknown one. `hostility` is the weight of the hostile choice against 4 for the valid one.
 */
export function fuzzValue(
  schema: JsonSchema,
  name: string | undefined,
  known: KnownValues,
  hostility = 1,
): fc.Arbitrary<unknown> {
  const isObject = schema.type === 'object' || schema.properties !== undefined;
  const shaped: fc.Arbitrary<unknown> = isObject
    ? objectValue(schema, known, (child, childName) => fuzzValue(child, childName, known, hostility)).chain((value) =>
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(value) },
          { weight: 1, arbitrary: fc.constant({ ...value, unknownField: 'x' }) },
          { weight: 1, arbitrary: fc.constant(withoutOneKey(value)) },
        ),
      )
    : schema.type === 'array' && schema.items
      ? fc.array(fuzzValue(schema.items, name, known, hostility), {
          maxLength: (schema.maxItems ?? 3) + 2,
        })
      : validValue(schema, name, known);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: hostility, arbitrary: hostileValue });
}

function withoutOneKey(value: Record<string, unknown>): Record<string, unknown> {
  const [first] = Object.keys(value);
  if (first === undefined) return value;
  const copy = { ...value };
  delete copy[first];
  return copy;
}

// Bytes a URL can carry that no JavaScript string encodes: overlong and surrogate UTF-8, bare %.
export const RAW_URL_PIECES = ['%FF', '%C0%80', '%ED%A0%80', '%E0%80', '%', '%2', '%zz', '%2F', '%2e%2e', '%00', '%0A'];

/** `value` as it goes into a URL: percent-encoded, lone surrogates as the UTF-8 bytes of one. */
export function encodeUrlValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  if (text.isWellFormed()) return encodeURIComponent(text);
  return [...text]
    .map((character) => (character.isWellFormed() ? encodeURIComponent(character) : '%ED%A0%80'))
    .join('');
}
