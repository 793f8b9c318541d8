import { Command, InvalidArgumentError } from 'commander';
import type { SessionStore } from '../entry/store.js';
import { loadStoreEntry } from './load-store-entry.js';
import { renderSession, renderSessionList } from './sessions-command-render.js';
import { writeOutputFile } from './write-output-file.js';

interface StoreOptions {
  store?: string;
  json?: boolean;
}

interface ExportOptions extends StoreOptions {
  output?: string;
}

interface PruneOptions extends StoreOptions {
  olderThan?: number;
  before?: Date;
  dryRun?: boolean;
}

/**
 * `kioku sessions list|show|export|delete|prune`: read the sessions an agent stored; delete them only when
 * asked, by id or by age.
 */
export function sessionsCommand(): Command {
  const sessions = new Command('sessions')
    .description(
      'List, show and export the conversations kioku stored: each session keeps its full original history ' +
        '(messages are only ever appended) and every compaction as a new view over it. Delete sessions by id, ' +
        'or prune those not written to for a while.',
    )
    .addHelpText(
      'after',
      '\nThe store is a directory (PGlite, embedded), memory:// or a postgres:// URL (PostgreSQL with pgvector);\n' +
        'default: $KIOKU_STORE, else ./.kioku. A directory store serves one process at a time.\n' +
        'Exit codes: 0 ok, 1 the store cannot be opened or the session does not exist, 2 bad arguments.',
    )
    .addCommand(
      withStore(new Command('list'))
        .description('List the sessions, most recently written first: messages, compactions, times.')
        .action((options: StoreOptions) =>
          withSessions(options, async (store) => {
            const listed = await store.list();
            console.log(options.json === true ? JSON.stringify(listed, null, 2) : renderSessionList(listed));
          }),
        ),
    )
    .addCommand(
      withStore(new Command('show'))
        .description(
          'Show one session: its details, every compaction (range replaced, strategy, tokens before and after) ' +
            'and the current view a model would be sent, one line per message.',
        )
        .argument('<id>', 'the session id (see `kioku sessions list`)')
        .action((id: string, options: StoreOptions) =>
          withSessions(options, async (store, { buildCurrentView }) => {
            const { session, messages, views } = await store.export(id);
            const currentView = buildCurrentView({ sessionId: id, messages, views });
            console.log(
              options.json === true
                ? JSON.stringify({ session, views, currentView }, null, 2)
                : renderSession({ session, views, currentView }),
            );
          }),
        ),
    )
    .addCommand(
      withStore(new Command('export'), { json: 'write one JSON document instead of JSON Lines' })
        .description(
          'Export one session: its full original history and every view. JSON Lines by default, one record ' +
            'per line in the order written ({"type":"session"}, then {"type":"message"} per message, each ' +
            '{"type":"view"} after the last message it had seen); --json writes one document.',
        )
        .argument('<id>', 'the session id (see `kioku sessions list`)')
        .option('-o, --output <file>', 'write to this file instead of standard output')
        .action((id: string, options: ExportOptions) =>
          withSessions(options, async (store, { formatSessionExport }) => {
            const text = formatSessionExport(await store.export(id), {
              format: options.json === true ? 'json' : 'jsonl',
            });
            if (options.output === undefined) process.stdout.write(text);
            else await writeOutputFile(options.output, text);
          }),
        ),
    )
    .addCommand(
      withStore(new Command('delete'))
        .description(
          "Delete sessions: each one's messages, compactions and the chunks of its history kept for recall, " +
            'and nothing else (memories, tool graphs and other sessions stay). A session that does not exist ' +
            'is named on standard error and the exit code is 1; the others are still deleted.',
        )
        .argument('<id...>', 'the session ids (see `kioku sessions list`)')
        .action((ids: string[], options: StoreOptions) =>
          withSessions(options, async (store) => {
            const deleted: string[] = [];
            const missing: string[] = [];
            for (const id of ids) ((await store.delete(id)) ? deleted : missing).push(id);
            if (options.json === true) console.log(JSON.stringify({ deleted, missing }, null, 2));
            else for (const id of deleted) console.log(`deleted ${id}`);
            for (const id of missing) console.error(`kioku: no session ${id}`);
            if (missing.length > 0) process.exitCode = 1;
          }),
        ),
    )
    .addCommand(
      withStore(new Command('prune'))
        .description(
          'Delete (as `delete` does) every session not written to (no append, no compaction) for a while: ' +
            'give --older-than or --before. --dry-run lists them and deletes nothing.',
        )
        .option('--older-than <age>', 'last written longer ago than this: 30d, 12h, 90m, 2w', parseAge)
        .option('--before <date>', 'last written before this time: an ISO date, e.g. 2026-01-31', parseDate)
        .option('--dry-run', 'list the sessions that would be deleted; delete nothing')
        .action((options: PruneOptions) => {
          if ((options.olderThan === undefined) === (options.before === undefined)) {
            console.error('kioku: give one of --older-than <age> and --before <date>');
            process.exitCode = 2;
            return;
          }
          const updatedBefore = options.before ?? new Date(Date.now() - (options.olderThan ?? 0));
          return withSessions(options, async (store) => {
            const ids = await store.prune({ updatedBefore, dryRun: options.dryRun === true });
            if (options.json === true) {
              console.log(
                JSON.stringify({ updatedBefore, dryRun: options.dryRun === true, sessions: ids }, null, 2),
              );
              return;
            }
            const verb = options.dryRun === true ? 'would delete' : 'deleted';
            console.log(
              `${verb} ${ids.length} session(s) last written before ${updatedBefore.toISOString()}`,
            );
            for (const id of ids) console.log(`  ${id}`);
          });
        }),
    );
  // Subcommands added with addCommand do not inherit exitOverride: bad arguments must exit with 2, not 1.
  for (const command of sessions.commands) command.exitOverride().showHelpAfterError();
  return sessions;
}

const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30d`, `12h`, `90m`, `2w` in milliseconds. */
function parseAge(text: string): number {
  const match = /^(\d+)\s*([mhdw])$/.exec(text.trim());
  if (match === null) {
    throw new InvalidArgumentError(`expected a number and a unit (m, h, d or w), e.g. 30d; found '${text}'`);
  }
  return Number(match[1]) * (units[match[2] ?? 'd'] ?? 0);
}

function parseDate(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError(`expected an ISO date or time, e.g. 2026-01-31; found '${text}'`);
  }
  return date;
}

function withStore(command: Command, { json = 'print the result as JSON' } = {}): Command {
  return command
    .option(
      '--store <dir|url>',
      'where the sessions are: a directory, memory:// or a postgres:// URL (default: $KIOKU_STORE, else ./.kioku)',
    )
    .option('--json', json);
}

async function withSessions(
  options: StoreOptions,
  work: (store: SessionStore, entry: typeof import('../entry/store.js')) => Promise<void>,
): Promise<void> {
  const entry = await loadStoreEntry();
  const store = await entry.openStore({
    location: options.store ?? entry.defaultStoreLocation(),
    create: false,
  });
  try {
    await work(entry.createSessionStore(store), entry);
  } finally {
    await store.close();
  }
}
