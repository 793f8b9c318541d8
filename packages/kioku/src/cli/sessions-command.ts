import { Command } from 'commander';
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

/** `kioku sessions list|show|export`: read the sessions an agent stored, never changing them. */
export function sessionsCommand(): Command {
  const sessions = new Command('sessions')
    .description(
      'List, show and export the conversations kioku stored: each session keeps its full original history ' +
        '(messages are only ever appended) and every compaction as a new view over it.',
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
    );
  // Subcommands added with addCommand do not inherit exitOverride: bad arguments must exit with 2, not 1.
  for (const command of sessions.commands) command.exitOverride().showHelpAfterError();
  return sessions;
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
