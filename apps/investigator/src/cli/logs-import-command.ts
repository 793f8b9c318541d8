import { Command, Option } from 'commander';
import { createAuditLog } from '../audit/index.js';
import { actingUser } from '../auth/index.js';
import {
  configuredBigQueryDataset,
  defaultLogDatabase,
  type ImportLogFilesResult,
  importLogFiles,
  importLogFilesToBigQuery,
  type LogFileFormat,
  logFileFormats,
} from '../logs/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

const timestampSources: Record<string, string> = {
  'iso-8601': 'ISO 8601 text',
  'epoch-s': 'epoch seconds',
  'epoch-ms': 'epoch milliseconds',
  'epoch-us': 'epoch microseconds',
  'epoch-ns': 'epoch nanoseconds',
};

/** `investigator logs import <table> <files…>`: any log source into the log database, with no code. */
export function logsImportCommand(): Command {
  return withActorOption(withStoreOption(new Command('import')))
    .description(
      'Import JSON, NDJSON, CSV, Parquet or Zeek log files into a table of the log database (columns unified by name, timestamps parsed), in one transaction; prints what it inferred.',
    )
    .argument('<table>', 'the table to create (letters, digits and _)')
    .argument('<files...>', 'the files, all of one format')
    .option(
      '--db <file>',
      'the database file (default: INVESTIGATOR_LOGS_DB, else ./.investigator-logs/security-logs.duckdb; created when missing). With INVESTIGATOR_BIGQUERY_PROJECT set and no --db, the table goes to INVESTIGATOR_BIGQUERY_DATASET in one load job',
    )
    .addOption(
      new Option('--format <format>', "the files' format (default: detected)").choices(logFileFormats),
    )
    .option(
      '--description <text>',
      'what the table holds, shown to the log agent (say what it holds, not what happened)',
    )
    .option('--timestamp <columns...>', 'columns to parse as timestamps, besides those found')
    .addOption(
      new Option('--append', 'add the rows to an existing table (new columns are added)').conflicts(
        'replace',
      ),
    )
    .option('--replace', 'rebuild an existing table from these files')
    .option('--json', 'print what was imported as JSON', false)
    .action(
      (
        table: string,
        files: string[],
        options: {
          db?: string;
          format?: LogFileFormat;
          description?: string;
          timestamp?: string[];
          append?: boolean;
          replace?: boolean;
          json: boolean;
        } & StoreOption &
          ActorOption,
      ) =>
        runCommand(async () => {
          const read = {
            table,
            files,
            mode: options.append
              ? ('append' as const)
              : options.replace
                ? ('replace' as const)
                : ('create' as const),
            ...(options.format === undefined ? {} : { format: options.format }),
            ...(options.description === undefined ? {} : { description: options.description }),
            ...(options.timestamp === undefined ? {} : { timestampColumns: options.timestamp }),
          };
          const target = configuredBigQueryDataset();
          // Importing changes what the log agent sees: an analyst's action, checked first and audited.
          const result = await withStore(options, async (store) => {
            const by = await actingUser({
              store,
              name: actorName(options),
              need: 'analyst',
              action: 'importing logs',
            });
            const imported =
              target === undefined || options.db !== undefined
                ? await importLogFiles({ ...read, database: options.db ?? defaultLogDatabase() })
                : await importLogFilesToBigQuery({ ...read, target });
            await createAuditLog(store).record(store.db, {
              actor: by,
              action: 'logs.import',
              target: `logs:${table}`,
              after: {
                mode: imported.mode,
                files: files.length,
                rowsBefore: imported.rowsBefore,
                rowsAfter: imported.rowsAfter,
              },
            });
            return imported;
          });
          process.stdout.write(
            options.json ? `${JSON.stringify(result, null, 2)}\n` : describeImport(result),
          );
        }),
    );
}

function describeImport(result: ImportLogFilesResult): string {
  const added = result.rowsAfter - result.rowsBefore;
  const verb = { create: 'created', append: 'appended to', replace: 'replaced' }[result.mode];
  const lines = [
    `${verb} ${result.table} in ${result.database}: ${added.toLocaleString('en')} rows from ${result.files.length} ${result.format} file(s), ${result.rowsAfter.toLocaleString('en')} in the table`,
    ...result.files.map((file) => `  ${file.path}: ${file.rows.toLocaleString('en')} rows`),
    'columns:',
    ...result.columns.map(
      (column) =>
        `  ${column.name} ${column.type}${column.timestamp === undefined ? '' : ` (parsed from ${timestampSources[column.timestamp]})`}${column.added ? ' (new)' : ''}`,
    ),
  ];
  if (result.description === undefined && result.mode !== 'append') {
    lines.push('no --description: the log agent sees the table without one');
  }
  return `${lines.join('\n')}\n`;
}
