/**
 * SQL text of a statement built with drizzle, compiled once per shape. Drizzle compiles a
 * statement by walking its tree of chunks and asking of each one, in turn, what kind it is; that
 * walk was a fifth of the CPU of a lead's request (its statement has some forty parameters). The
 * hot statements (queryPreparedRows) have a text that does not depend on their data, so it is
 * enough to know their shape: this walk, with plain `instanceof` checks, reads the shape and the
 * parameters, and drizzle compiles the text only the first time a shape is seen.
 *
 * The walk follows drizzle's own (`SQL.buildQueryFromSourceParams` in drizzle-orm/sql/sql.js) for
 * the chunks these statements are made of: text, names, tables, columns, parameters, nested SQL
 * and builders. Anything else (placeholders, aliases, subqueries, views, inlined parameters) makes
 * it give up, and drizzle compiles that statement as usual. A shape whose parameters drizzle counts
 * differently is never kept (db/statement-text.test.ts compares both on the lead's statement).
 */
import {
  Column,
  isSQLWrapper,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  Table,
  View,
} from 'drizzle-orm';

export type CompiledStatement = { sql: string; params: unknown[] };

type Shape = { parts: string[]; params: unknown[] };

/** Tables and columns are schema objects that live as long as the process: named by identity. */
const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;
function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) {
    id = nextObjectId++;
    objectIds.set(value, id);
  }
  return id;
}

/** Reads the chunks into `shape`; false when a chunk is of a kind this walk does not follow. */
function walk(chunks: readonly unknown[], shape: Shape): boolean {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk instanceof StringChunk) {
      shape.parts.push(`s${chunk.value.join('')}`);
    } else if (chunk instanceof Name) {
      shape.parts.push(`n${chunk.value}`);
    } else if (Array.isArray(chunk)) {
      shape.parts.push('a(');
      for (const [index, item] of chunk.entries()) {
        if (index > 0) shape.parts.push('a,');
        if (!walk([item], shape)) return false;
      }
      shape.parts.push('a)');
    } else if (chunk instanceof SQL) {
      // `sql.raw`-like inlining is private to drizzle: read as drizzle's own compiler does.
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      if (!walk(chunk.queryChunks, shape)) return false;
    } else if (chunk instanceof Table || chunk instanceof Column) {
      shape.parts.push(`o${objectId(chunk)}`);
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) {
        if (!walk([mapped], shape)) return false;
      } else {
        shape.parts.push('$');
        shape.params.push(mapped);
      }
    } else if (
      chunk instanceof Placeholder ||
      chunk instanceof SQL.Aliased ||
      chunk instanceof Subquery ||
      chunk instanceof View ||
      typeof chunk === 'function'
    ) {
      return false;
    } else if (isSQLWrapper(chunk)) {
      // Builders (an insert, an update): drizzle wraps them in parentheses unless they say not to.
      const omitParens = (chunk as { shouldOmitSQLParens?: () => boolean }).shouldOmitSQLParens?.() === true;
      shape.parts.push(omitParens ? 'w' : 'w(');
      if (!walk([chunk.getSQL()], shape)) return false;
      if (!omitParens) shape.parts.push('w)');
    } else {
      // A plain value interpolated into the statement is one parameter, as is.
      shape.parts.push('$');
      shape.params.push(chunk);
    }
  }
  return true;
}

const texts = new Map<string, string>();
/** Distinct shapes kept; the hot statements are a handful. Emptied when full. */
const TEXTS_MAX = 500;

/** The statement's text and parameters; `compile` is drizzle's compiler, called for new shapes. */
export function statementText(query: SQL, compile: (query: SQL) => CompiledStatement): CompiledStatement {
  const shape: Shape = { parts: [], params: [] };
  if (!walk([query], shape)) return compile(query);
  const key = shape.parts.join('\u0000');
  const known = texts.get(key);
  if (known !== undefined) return { sql: known, params: shape.params };
  const compiled = compile(query);
  if (compiled.params.length === shape.params.length) {
    if (texts.size >= TEXTS_MAX) texts.clear();
    texts.set(key, compiled.sql);
  }
  return compiled;
}
