/** A statement's first named table: after FROM, JOIN, INTO, UPDATE, DESCRIBE / DESC or TABLE. */
const namedTable =
  /\b(?:from|join|into|update|describe|desc|table)\s+((?:`[^`]+`|"[^"]+"|\[[^\]]+\]|[A-Za-z_][\w$]*)(?:\.(?:`[^`]+`|"[^"]+"|\[[^\]]+\]|[A-Za-z_][\w$]*))*)/i;
/** The verb an SQL statement starts with (comments before it skipped). */
const statementVerb =
  /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(select|with|insert|update|delete|describe|desc|show|explain|create|drop|alter)\b/i;

/** The SQL text of a call's input: the input itself when a string, else its first string value that is SQL. */
function sqlOf(input: unknown): string | undefined {
  if (typeof input === 'string') return statementVerb.test(input) ? input : undefined;
  if (input === null || typeof input !== 'object') return undefined;
  for (const value of Object.values(input)) {
    const sql = sqlOf(value);
    if (sql !== undefined) return sql;
  }
  return undefined;
}

/**
 * The key argument of an SQL tool's call: the first table its statement names (`SigninLogs` for
 * `SELECT … FROM SigninLogs WHERE …`, quotes removed), else the statement's verb in capitals (`SHOW` for
 * `SHOW TABLES`); undefined when no string of the input is an SQL statement. With a key-argument rule,
 * an agent with one query tool has as many actions as tables ({@link keyArgumentEvents}).
 *
 * @example
 * sqlTableKey({ query: 'SELECT * FROM SecurityAlert LIMIT 5' }); // 'SecurityAlert'
 */
export function sqlTableKey(input: unknown): string | undefined {
  const sql = sqlOf(input);
  if (sql === undefined) return undefined;
  const table = namedTable.exec(sql)?.[1];
  if (table !== undefined) return table.replace(/[`"[\]]/g, '');
  return statementVerb.exec(sql)?.[1]?.toUpperCase();
}
