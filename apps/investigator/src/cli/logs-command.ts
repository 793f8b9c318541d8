import { Command, InvalidArgumentError, Option } from 'commander';
import {
  defaultLogDatabase,
  defaultRunbooksDir,
  type LogEngine,
  loadRunbooks,
  loadSecurityLogs,
  openConfiguredLogEngine,
  type QueryResult,
} from '../logs/index.js';
import { logsImportCommand } from './logs-import-command.js';
import { runCommand } from './run-command.js';

/** `investigator logs`: build the log database from the shared security logs, list its tables, query it. */
export function logsCommand(): Command {
  const logs = new Command('logs').description(
    'The security logs the log-analysis agent queries: DuckDB built from the shared logs, or BigQuery when configured, behind SQL guardrails.',
  );

  logs
    .command('load')
    .description('Extract the shared security logs and build the DuckDB log database, one table per source.')
    .option(
      '--source <dir>',
      'the security-logs folder (default: INVESTIGATOR_SECURITY_LOGS, else ../shared/data/security-logs)',
    )
    .option(
      '--db <file>',
      'the database file to build (default: INVESTIGATOR_LOGS_DB, else ./.investigator-logs/security-logs.duckdb)',
    )
    .option('--only <names...>', 'only these datasets (log4shell, goldensaml, …) or tables')
    .option('--replace', 'replace an existing database file', false)
    .option('--json', 'print the tables built as JSON', false)
    .action((options: { source?: string; db?: string; only?: string[]; replace: boolean; json: boolean }) =>
      runCommand(async () => {
        const source =
          options.source ?? (process.env.INVESTIGATOR_SECURITY_LOGS || '../shared/data/security-logs');
        const result = await loadSecurityLogs({
          source,
          file: options.db ?? defaultLogDatabase(),
          replace: options.replace,
          ...(options.only === undefined ? {} : { only: options.only }),
          onProgress: (event) => {
            if (event.type === 'table-end') {
              process.stderr.write(
                `[${event.index + 1}/${event.total}] ${event.table}: ${event.rows.toLocaleString('en')} rows (${event.durationMs} ms)\n`,
              );
            }
          },
        });
        if (options.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        } else {
          process.stdout.write(
            `built ${result.file}: ${result.tables.length} tables, ${result.tables
              .reduce((sum, table) => sum + table.rows, 0)
              .toLocaleString('en')} rows, ${(result.bytes / 1024 ** 2).toFixed(1)} MB\n`,
          );
        }
      }),
    );

  logs.addCommand(logsImportCommand());

  logs
    .command('tables')
    .description('List the tables of the log database with their descriptions and columns.')
    .addOption(dbOption())
    .option('--json', 'print JSON', false)
    .action((options: { db?: string; json: boolean }) =>
      runCommand(() =>
        withEngine(options.db, async (engine) => {
          const tables = await engine.tables();
          if (options.json) {
            process.stdout.write(`${JSON.stringify(tables, null, 2)}\n`);
            return;
          }
          for (const table of tables) {
            process.stdout.write(
              `${table.name} (${table.rowCount?.toLocaleString('en') ?? '?'} rows): ${table.description ?? ''}\n  ${table.columns
                .map((column) => `${column.name} ${column.type}`)
                .join(', ')}\n`,
            );
          }
        }),
      ),
    );

  logs
    .command('query')
    .description(
      'Run one read-only SQL query under the same guardrails as the log-analysis agent (on BigQuery when INVESTIGATOR_BIGQUERY_PROJECT is set).',
    )
    .argument('<sql>', 'one SELECT, DESCRIBE, SUMMARIZE, SHOW or EXPLAIN statement')
    .addOption(dbOption())
    .addOption(maxRowsOption())
    .option('--json', 'print the result page as JSON', false)
    .action((sql: string, options: { db?: string; maxRows: number; json: boolean }) =>
      runCommand(() =>
        withEngine(options.db, async (engine) => {
          const result = await engine.query(sql, { maxRows: options.maxRows, maxBytes: 1_000_000 });
          printResult(result, options.json);
        }),
      ),
    );

  logs
    .command('runbooks')
    .description('List the runbooks (saved queries) the log-analysis agent can run.')
    .option('--dir <dir>', 'the runbooks folder (default: the ones shipped with the investigator)')
    .option('--json', 'print JSON', false)
    .action((options: { dir?: string; json: boolean }) =>
      runCommand(async () => {
        const runbooks = await loadRunbooks(options.dir ?? defaultRunbooksDir());
        if (options.json) {
          process.stdout.write(`${JSON.stringify(runbooks, null, 2)}\n`);
          return;
        }
        for (const runbook of runbooks) {
          process.stdout.write(`${runbook.name}: ${runbook.title}\n  ${runbook.description}\n`);
        }
      }),
    );

  logs
    .command('runbook')
    .description('Run one runbook by name under the same guardrails.')
    .argument('<name>', 'the runbook name (see `investigator logs runbooks`)')
    .option('--dir <dir>', 'the runbooks folder (default: the ones shipped with the investigator)')
    .addOption(dbOption())
    .addOption(maxRowsOption())
    .option('--json', 'print the result page as JSON', false)
    .action((name: string, options: { dir?: string; db?: string; maxRows: number; json: boolean }) =>
      runCommand(async () => {
        const runbooks = await loadRunbooks(options.dir ?? defaultRunbooksDir());
        const runbook = runbooks.find((candidate) => candidate.name === name);
        if (runbook === undefined) {
          process.stderr.write(
            `investigator: no runbook "${name}"; expected one of ${runbooks.map((candidate) => candidate.name).join(', ')}\n`,
          );
          process.exitCode = 2;
          return;
        }
        await withEngine(options.db, async (engine) => {
          printResult(
            await engine.query(runbook.sql, { maxRows: options.maxRows, maxBytes: 1_000_000 }),
            options.json,
          );
        });
      }),
    );

  return logs;
}

function dbOption(): Option {
  return new Option(
    '--db <file>',
    'the database file (default: INVESTIGATOR_LOGS_DB, else ./.investigator-logs/security-logs.duckdb)',
  );
}

function maxRowsOption(): Option {
  return new Option('--max-rows <n>', 'rows to print').argParser(positiveInteger).default(50);
}

async function withEngine(
  file: string | undefined,
  work: (engine: LogEngine) => Promise<void>,
): Promise<void> {
  const engine = await openConfiguredLogEngine(file === undefined ? {} : { file });
  try {
    await work(engine);
  } finally {
    await engine.close();
  }
}

function printResult(result: QueryResult, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${result.columns.map((column) => column.name).join('\t')}\n`);
  for (const row of result.rows) {
    process.stdout.write(`${result.columns.map((column) => formatCell(row[column.name])).join('\t')}\n`);
  }
  if (result.hasMore) process.stderr.write(`(more rows: showing ${result.rowCount})\n`);
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replaceAll(/[\t\n]/g, ' ');
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('expected a whole number of at least 1');
  return number;
}
