import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isKeptPage } from './page-cache.ts';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type RouteSchema = Parameters<SerializerCompiler>[0];

const zodSerializerCompiler = createSerializerCompiler({});

/** The route's response schema as a zod schema, or null when it is something else. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const nested = (schema as { properties?: unknown } | null)?.properties;
  return nested instanceof z.ZodType ? nested : null;
}

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `.nullable()` as `anyOf: [schema, { type: 'null' }]`, for which fast-json-stringify
 * validates each value with ajv to pick the branch (the whole object of a nullable answer, a
 * date's pattern): as `{ ...schema, nullable: true }` it only checks for null.
 */
export function nullableAsKeyword(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsKeyword);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableAsKeyword(value);
  const branches = out.anyOf ?? out.oneOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const isNull = (branch: unknown) => isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
    const [first, second] = branches as unknown[];
    const other = isNull(first) ? second : isNull(second) ? first : null;
    if (isObject(other) && typeof other.type === 'string' && other.anyOf === undefined && other.oneOf === undefined) {
      return { ...other, nullable: true };
    }
  }
  return out;
}

/**
 * A serializer for `schema` that fast-json-stringify compiles from the JSON Schema of zod's
 * output (what the OpenAPI document shows), or null when zod's schema has no JSON Schema form.
 * Like zod's own, it writes only the declared properties, so a field a presenter forgot to
 * leave out never leaves the server, and a missing required one is an error.
 */
export function fastSerializerFor(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(nullableAsKeyword(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * `serialize`, which writes a page kept by a PageCache (the same object answers many requests
 * until its group changes) only once: the JSON is kept with the object, for as long as it lives.
 */
export function writtenOnceWhenKept(serialize: (data: unknown) => string): (data: unknown) => string {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (!isKeptPage(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
}

/**
 * Fastify's serializer compiler for our zod response schemas. zod's own serializer parses every
 * response against its schema before `JSON.stringify`, which cost a cheap read as much as its
 * query; fast-json-stringify writes the same JSON from code compiled once per route. With
 * `verify` (tests), each response is also serialized by zod's serializer and the two must agree
 * exactly, so the whole test suite checks the fast one against zod on every response it makes.
 * A schema without a JSON Schema form keeps zod's serializer. A kept page is written once.
 */
export function responseSerializerCompiler(options: { verify: boolean }): SerializerCompiler {
  return (routeSchema: RouteSchema) => {
    const viaZod = zodSerializerCompiler(routeSchema as never) as (data: unknown) => string;
    const schema = zodSchemaOf(routeSchema.schema);
    const compiled = schema ? fastSerializerFor(schema) : null;
    if (!compiled) return viaZod;
    const fast = writtenOnceWhenKept(compiled);
    if (!options.verify) return fast;
    return (data: unknown) => {
      const expected = viaZod(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The fast serializer of ${routeSchema.method} ${routeSchema.url} (${String(routeSchema.httpStatus)}) wrote ${written}, zod's wrote ${expected}`,
        );
      }
      return written;
    };
  };
}
