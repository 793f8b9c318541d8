import { allowedDuckDbFunctions } from './allowed-duckdb-functions.js';
import { RefusedQuery } from './query-process-protocol.js';
import { refusedDuckDbFunctions } from './refused-duckdb-functions.js';

/** What a query may read: the database's own tables. */
export interface SelectScope {
  /** The tables of the database, lower case. */
  tables: ReadonlySet<string>;
  /** The database's catalog name, lower case (a table may be qualified with it). */
  catalog: string;
}

/** Expression classes of DuckDB's parse tree that compute a value and change nothing. */
const allowedClasses = new Set([
  'BETWEEN',
  'CASE',
  'CAST',
  'COLLATE',
  'COLUMN_REF',
  'COMPARISON',
  'CONJUNCTION',
  'CONSTANT',
  'FUNCTION',
  'LAMBDA',
  'LAMBDA_REF',
  'OPERATOR',
  'POSITIONAL_REFERENCE',
  'STAR',
  'SUBQUERY',
  'WINDOW',
]);
/** `SHOW` forms that list only the database's own tables. */
const allowedShows = new Set(['tables']);

/**
 * Checks DuckDB's parse tree of one statement (`json_serialize_sql` output) against an allow-list: plain
 * SELECTs (with CTEs, joins, subqueries, set operations, VALUES, DESCRIBE/SUMMARIZE of a query) over the
 * database's own tables and CTEs, calling only {@link allowedDuckDbFunctions}. Table functions of any name,
 * files as tables, other catalogs and schemas, parameters and every other function are refused by name,
 * before anything is bound or run. Throws a `RefusedQuery` (`not-read-only`) naming what was refused.
 */
export function checkSelectTree(serialized: string, scope: SelectScope): void {
  const parsed = JSON.parse(serialized) as {
    error: boolean;
    error_message?: string;
    statements?: unknown[];
  };
  if (parsed.error) {
    throw refused(
      `only a plain SELECT (or WITH/FROM, DESCRIBE, SUMMARIZE, SHOW TABLES) is allowed: ${parsed.error_message ?? 'the statement could not be read as one'}`,
    );
  }
  if (parsed.statements?.length !== 1) {
    throw new RefusedQuery({
      reason: 'multiple-statements',
      message: `refused: send exactly one statement, found ${parsed.statements?.length ?? 0}.`,
    });
  }
  const ctes = new Set<string>();
  collectCtes(parsed.statements[0], ctes);
  visit(parsed.statements[0], { ...scope, ctes });
}

function visit(value: unknown, scope: SelectScope & { ctes: ReadonlySet<string> }): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, scope);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  if (typeof node.class === 'string') checkExpression(node);
  else if (typeof node.type === 'string') checkReference(node, scope);
  for (const child of Object.values(node)) visit(child, scope);
}

function checkExpression(node: Record<string, unknown>): void {
  const kind = node.class as string;
  if (!allowedClasses.has(kind)) {
    throw refused(
      kind === 'PARAMETER'
        ? 'parameters ($1, ?) are not supported; write the values into the query.'
        : `a ${kind} expression is not allowed in a log query.`,
    );
  }
  if (kind !== 'FUNCTION' && kind !== 'WINDOW') return;
  const name = String(node.function_name).toLowerCase();
  const schema = String(node.schema ?? '').toLowerCase();
  const catalog = String(node.catalog ?? '').toLowerCase();
  if ((schema !== '' && schema !== 'main') || catalog !== '') {
    throw refused(
      `function ${[catalog, schema, name].filter(Boolean).join('.')}: only built-in functions, unqualified.`,
    );
  }
  if (allowedDuckDbFunctions.has(name)) return;
  const why = refusedDuckDbFunctions.get(name);
  throw refused(
    why === undefined
      ? `function ${name} is not on the list of functions a log query may call.`
      : `function ${name} ${why}.`,
  );
}

function checkReference(
  node: Record<string, unknown>,
  scope: SelectScope & { ctes: ReadonlySet<string> },
): void {
  switch (node.type) {
    case 'TABLE_FUNCTION': {
      const call = node.function as { function_name?: unknown } | undefined;
      throw refused(
        `table function ${String(call?.function_name ?? '?')}: table functions are not allowed; query the tables (the schema tool lists them).`,
      );
    }
    case 'BASE_TABLE': {
      const name = String(node.table_name).toLowerCase();
      const schema = String(node.schema_name ?? '').toLowerCase();
      const catalog = String(node.catalog_name ?? '').toLowerCase();
      const qualified = [catalog, schema, name].filter(Boolean).join('.');
      const inCatalog = catalog === '' || catalog === scope.catalog;
      const inSchema = schema === '' || schema === 'main';
      if (inCatalog && inSchema && (scope.tables.has(name) || (schema === '' && scope.ctes.has(name))))
        return;
      throw refused(
        `${qualified} is not a table of the log database; query its tables (the schema tool lists them).`,
      );
    }
    case 'SHOW_REF': {
      if (node.query !== null && node.query !== undefined) return;
      const name = String(node.table_name).replaceAll('"', '').toLowerCase();
      if (allowedShows.has(name)) return;
      throw refused(`SHOW ${name} is not allowed; SHOW TABLES, DESCRIBE and SUMMARIZE are.`);
    }
    case 'COLUMN_DATA':
    case 'DELIM_GET':
    case 'BOUND_TABLE_REF':
    case 'INVALID':
      throw refused(`a ${node.type} reference is not allowed.`);
    default:
  }
}

/** The names of every CTE the statement defines (they may be read like tables). */
function collectCtes(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectCtes(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  const map = (node.cte_map as { map?: { key?: unknown }[] } | undefined)?.map;
  for (const entry of map ?? []) into.add(String(entry.key).toLowerCase());
  for (const child of Object.values(node)) collectCtes(child, into);
}

function refused(why: string): RefusedQuery {
  return new RefusedQuery({ reason: 'not-read-only', message: `refused: ${why}` });
}
