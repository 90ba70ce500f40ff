import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import type { DriverValueDecoder } from 'drizzle-orm';

/** One selected field as Drizzle orders them for a query (`orderSelectedFields`). */
export interface SelectedField {
  path: string[];
  field: unknown;
}

type Decode = ((value: unknown) => unknown) | null;

interface Leaf {
  key: string;
  index: number;
  decode: Decode;
}
interface Branch {
  key: string;
  children: Node[];
}
type Node = Leaf | Branch;

/** An object of the result that Drizzle sets to null when its left-joined table had no row. */
interface Nullable {
  key: string;
  firstLeafKey: string;
}

const identity = Column.prototype.mapFromDriverValue;
const noop = noopDecoder.mapFromDriverValue;

/** Drizzle's own choice of decoder (`mapResultRow`); an SQL's `decoder` is internal to Drizzle. */
function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  const decoderOfSql = (value: SQL) => (value as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

function decodeOf(field: unknown): Decode {
  const decoder = decoderOf(field);
  const map = decoder.mapFromDriverValue;
  if (map === identity || map === noop) return null;
  return (value) => map.call(decoder, value);
}

/**
 * A row mapper for one prepared query, worked out once from its selected fields instead of at
 * every row. It gives exactly what Drizzle's own `mapResultRow` gives (the same values, the same
 * nesting, the same key order, and the same rule for setting a left-joined object to null), but
 * it does not ask what each field is, walk each path or look each table name up again for every
 * row of every request: on a list read that work was a fifth of the process's busy time.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (row: unknown[]) => Record<string, unknown> {
  const root: Branch = { key: '', children: [] };
  fields.forEach(({ path, field }, index) => {
    let node = root;
    for (const chunk of path.slice(0, -1)) {
      let next = node.children.find((child): child is Branch => child.key === chunk && 'children' in child);
      if (!next) {
        next = { key: chunk, children: [] };
        node.children.push(next);
      }
      node = next;
    }
    node.children.push({ key: path[path.length - 1]!, index, decode: decodeOf(field) });
  });

  // Drizzle's rule, decided per object from its columns (`path.length === 2`): the object's
  // first column decides, and a column of another table under the same object keeps it.
  const nullables: Nullable[] = [];
  if (joinsNotNullableMap) {
    const byObject = new Map<string, { firstLeafKey: string; tableName: string; mixed: boolean }>();
    for (const { path, field } of fields) {
      if (path.length !== 2 || !is(field, Column)) continue;
      const tableName = getTableName(field.table);
      const seen = byObject.get(path[0]!);
      if (!seen) byObject.set(path[0]!, { firstLeafKey: path[1]!, tableName, mixed: false });
      else if (seen.tableName !== tableName) seen.mixed = true;
    }
    for (const [key, { firstLeafKey, tableName, mixed }] of byObject) {
      if (!mixed && !joinsNotNullableMap[tableName]) nullables.push({ key, firstLeafKey });
    }
  }

  // The mapper is written as source once: one object literal per object of the result, so every
  // row gets objects of one fixed shape, without a keyed store per column (a generic walk of the
  // tree was most of the mapper's time on a page of 20 rows of 35 columns). Keys are written with
  // JSON.stringify and decoders are passed in, never written into the source.
  const decoders: ((value: unknown) => unknown)[] = [];
  const literal = (node: Branch): string => {
    const entries = node.children.map((child) => {
      const key = JSON.stringify(child.key);
      if ('children' in child) return `${key}: ${literal(child)}`;
      const value = `row[${String(child.index)}]`;
      if (child.decode === null) return `${key}: ${value}`;
      decoders.push(child.decode);
      return `${key}: ${value} === null ? null : decoders[${String(decoders.length - 1)}](${value})`;
    });
    return `{ ${entries.join(', ')} }`;
  };
  const body = [
    `const result = ${literal(root)};`,
    ...nullables.map(({ key, firstLeafKey }) => {
      const object = `result[${JSON.stringify(key)}]`;
      return `if (${object}[${JSON.stringify(firstLeafKey)}] === null) ${object} = null;`;
    }),
    'return result;',
  ].join('\n');
  // source made above from selected field names only
  const make = new Function('decoders', `return function mapRow(row) {\n${body}\n};`) as (
    given: typeof decoders,
  ) => (row: unknown[]) => Record<string, unknown>;
  return make(decoders);
}

/**
 * Gives a Drizzle prepared query the compiled mapper, when it is one that maps selected fields
 * with Drizzle's per-row mapper (a select, or a write with `returning`). Other queries (raw
 * `execute`, relational queries with their own mapper) are left as they are.
 */
export function useCompiledRowMapper(query: unknown): void {
  const prepared = query as {
    fields?: SelectedField[];
    joinsNotNullableMap?: Record<string, boolean>;
    customResultMapper?: (rows: unknown[][]) => unknown;
    isResponseInArrayMode?: () => boolean;
  };
  if (!Array.isArray(prepared.fields) || prepared.customResultMapper) return;
  if (typeof prepared.isResponseInArrayMode === 'function' && !prepared.isResponseInArrayMode()) return;
  const map = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap);
  prepared.customResultMapper = (rows) => rows.map(map);
}
