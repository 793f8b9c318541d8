import { Command, InvalidArgumentError, Option } from 'commander';
import type { Memory } from '../entry/store.js';
import { InputFileError, readInputFile } from '../entry/transcripts.js';
import { loadStoreEntry } from './load-store-entry.js';
import type { EmbeddingOptions } from './memory-command-embedder.js';
import {
  describeRejection,
  renderAdded,
  renderImport,
  renderMemory,
  renderMemoryList,
  renderPruned,
  renderSearch,
} from './memory-command-render.js';
import { parseInteger } from './parse-integer.js';
import { createProgress } from './progress.js';
import { writeOutputFile } from './write-output-file.js';

interface MemoryOptions extends EmbeddingOptions {
  store?: string;
  namespace: string;
  json?: boolean;
}

const similarity = (value: string) => {
  const parsed = Number(value);
  if (!(parsed >= -1 && parsed <= 1)) throw new InvalidArgumentError('a cosine similarity, from -1 to 1.');
  return parsed;
};

/** `kioku memory list|search|show|add|prune|export|import`: inspect and curate an agent's long-term memory. */
export function memoryCommand(): Command {
  const memory = new Command('memory')
    .description(
      "Inspect and curate an agent's long-term memory: claims learned by introspection after its runs, " +
        'recalled by the similarity of a new request to the requests they were learned from, scored +1 when ' +
        'they helped and -1 when they harmed (deleted below -3).',
    )
    .addHelpText(
      'after',
      '\nThe store is a directory (PGlite, embedded), memory:// or a postgres:// URL (PostgreSQL with pgvector);\n' +
        'default: $KIOKU_STORE, else ./.kioku. Memories are kept apart by --namespace (default "default").\n' +
        'Texts are embedded with the offline hashing embedder (lexical: shared words and identifiers, not\n' +
        'meaning), unless the store records a model: then give --embedding-url, --embedding-model and\n' +
        '--embedding-dimensions of an OpenAI-compatible endpoint (or KIOKU_EMBEDDING_URL, KIOKU_EMBEDDING_MODEL,\n' +
        'KIOKU_EMBEDDING_DIMENSIONS, and KIOKU_EMBEDDING_API_KEY).\n' +
        'Similarities are cosine similarities, from -1 to 1: higher is closer.\n' +
        'Exit codes: 0 ok, 1 failure (no store, no such memory, claim rejected, bad import file), 2 bad arguments.',
    )
    .addCommand(
      withOptions(new Command('list'))
        .description('List the memories, most recently updated first (or by score): id, score, claim.')
        .option('--limit <n>', 'show at most this many (default: all)', parseInteger('--limit', { min: 0 }))
        .addOption(new Option('--order <key>', 'sort by').choices(['updated', 'score']).default('updated'))
        .action((options: MemoryOptions & { limit?: number; order: 'updated' | 'score' }) =>
          withMemory(options, { create: false }, async (opened) => {
            const listed = await opened.list({
              orderBy: options.order,
              ...(options.limit === undefined ? {} : { limit: options.limit }),
            });
            const total = await opened.count();
            console.log(
              options.json === true ? JSON.stringify(listed, null, 2) : renderMemoryList(listed, total),
            );
          }),
        ),
    )
    .addCommand(
      withOptions(new Command('search'))
        .description(
          'Recall the memories an agent working on TEXT would be shown: those learned from similar requests, ' +
            'best first, with their similarity and score.',
        )
        .argument('<text>', 'a request, as an agent would receive it')
        .option(
          '--threshold <similarity>',
          'minimum cosine similarity, -1 to 1 (default: 0.25 for the hashing embedder)',
          similarity,
        )
        .option('--limit <n>', 'at most this many (default 32)', parseInteger('--limit', { min: 0 }))
        .action((text: string, options: MemoryOptions & { threshold?: number; limit?: number }) =>
          withMemory(options, { create: false }, async (opened) => {
            const found = await opened.recall({
              request: text,
              ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
              ...(options.limit === undefined ? {} : { limit: options.limit }),
            });
            console.log(
              options.json === true
                ? JSON.stringify(found, null, 2)
                : renderSearch(found, options.threshold ?? opened.threshold),
            );
          }),
        ),
    )
    .addCommand(
      withOptions(new Command('show'))
        .description('Show one memory: claim, the request it was learned from, score, times.')
        .argument('<id>', 'the memory id (see `kioku memory list`)', parseInteger('<id>'))
        .action((id: number, options: MemoryOptions) =>
          withMemory(options, { create: false }, async (opened) => {
            const found = await opened.get(id);
            console.log(options.json === true ? JSON.stringify(found, null, 2) : renderMemory(found));
          }),
        ),
    )
    .addCommand(
      withOptions(new Command('add'))
        .description(
          'Add a claim by hand, as introspection would: secrets are redacted, instructions to the agent ' +
            'rejected, and a near-duplicate of a stored claim is merged into it.',
        )
        .argument('<claim>', 'one reusable fact, e.g. "SigninLogs.ResultType is a string; 0 means success"')
        .option(
          '--request <text>',
          'the request it is useful for; recall compares new requests with it (default: the claim)',
        )
        .action((claim: string, options: MemoryOptions & { request?: string }) =>
          withMemory(options, { create: true }, async (opened) => {
            const result = await opened.learn({ request: options.request ?? claim, claims: [claim] });
            // Learning redacts the request as it does the claim; say so when a given request had secrets.
            const { redactSecrets } = await loadStoreEntry();
            const requestRedactions =
              options.request === undefined ? [] : redactSecrets(options.request).redactions;
            console.log(
              options.json === true
                ? JSON.stringify({ ...result, requestRedactions }, null, 2)
                : renderAdded(result, requestRedactions),
            );
            if (result.rejected.length > 0) {
              if (options.json === true)
                console.error(`kioku: claim rejected: ${describeRejection(result.rejected[0])}`);
              process.exitCode = 1;
            }
          }),
        ),
    )
    .addCommand(
      withOptions(new Command('prune'))
        .description(
          'Delete the memories whose score is below N, and list them; --dry-run lists them and deletes nothing.',
        )
        .option('--below <n>', 'delete memories scored below this', parseInteger('--below'), -3)
        .option('--dry-run', 'list what would be deleted, and delete nothing')
        .action((options: MemoryOptions & { below: number; dryRun?: boolean }) =>
          withMemory(options, { create: false }, async (opened) => {
            const dryRun = options.dryRun === true;
            const candidates = (await opened.list({ orderBy: 'score' })).filter(
              (memory) => memory.score < options.below,
            );
            const ids = dryRun
              ? candidates.map((memory) => memory.id)
              : await opened.prune({ below: options.below });
            const memories = candidates.filter((memory) => ids.includes(memory.id));
            console.log(
              options.json === true
                ? JSON.stringify(
                    dryRun ? { dryRun, wouldDelete: ids, memories } : { deleted: ids, memories },
                    null,
                    2,
                  )
                : renderPruned(memories, { below: options.below, dryRun, ids }),
            );
          }),
        ),
    )
    .addCommand(
      withOptions(new Command('export'), { json: 'write one JSON array instead of JSON Lines' })
        .description(
          'Export the memories of the namespace as JSON Lines: {"id", "namespace", "claim", "queryText", ' +
            '"score", "createdAt", "updatedAt"} per line (queryText: the request it was learned from).',
        )
        .option('-o, --output <file>', 'write to this file instead of standard output')
        .action((options: MemoryOptions & { output?: string }) =>
          withMemory(options, { create: false }, async (opened) => {
            const { formatMemoryExport } = await loadStoreEntry();
            const listed = (await opened.list({ orderBy: 'updated' })).reverse();
            const text =
              options.json === true ? `${JSON.stringify(listed, null, 2)}\n` : formatMemoryExport(listed);
            if (options.output === undefined) process.stdout.write(text);
            else await writeOutputFile(options.output, text);
          }),
        ),
    )
    .addCommand(
      withOptions(new Command('import'))
        .description(
          'Import memories from JSON Lines of {"claim": "…", "queryText": "…"} (and an optional integer ' +
            '"score"; an export reads back): each line is embedded and learned like a claim from introspection.',
        )
        .argument('<file.jsonl>', 'the file to import')
        .action(async (file: string, options: MemoryOptions) => {
          const { importMemories, MemoryImportError, parseMemoryImport } = await loadStoreEntry();
          let text: string;
          try {
            text = (await readInputFile(file)).toString('utf8');
          } catch (error) {
            if (InputFileError.isInstance(error)) throw error;
            throw new MemoryImportError({
              file,
              location: 'the file',
              expected: 'a readable file',
              found: (error as NodeJS.ErrnoException).code ?? String(error),
              cause: error,
            });
          }
          const records = parseMemoryImport(text, { file });
          return withMemory(options, { create: true }, async (opened) => {
            const progress = createProgress();
            progress.start(records.length, 'importing');
            const result = await importMemories(opened, records, { onRecord: () => progress.increment() });
            progress.stop();
            console.log(options.json === true ? JSON.stringify(result, null, 2) : renderImport(result, file));
          });
        }),
    );
  // Subcommands added with addCommand do not inherit exitOverride: bad arguments must exit with 2, not 1.
  for (const command of memory.commands) command.exitOverride().showHelpAfterError();
  return memory;
}

function withOptions(command: Command, { json = 'print the result as JSON' } = {}): Command {
  return command
    .option(
      '--store <dir|url>',
      'where the memories are: a directory, memory:// or a postgres:// URL (default: $KIOKU_STORE, else ./.kioku)',
    )
    .option('--namespace <name>', 'whose memories (an agent, a tenant)', 'default')
    .option(
      '--embedding-url <url>',
      'an OpenAI-compatible endpoint serving the embedding model the store records',
    )
    .option('--embedding-model <id>', 'that embedding model')
    .option('--embedding-dimensions <n>', "the length of that model's vectors")
    .option('--json', json);
}

async function withMemory(
  options: MemoryOptions,
  { create }: { create: boolean },
  work: (memory: Memory) => Promise<void>,
): Promise<void> {
  const { defaultStoreLocation, openMemory, openStore, readEmbeddingSpace } = await loadStoreEntry();
  const { embedderForStore } = await import('./memory-command-embedder.js');
  const store = await openStore({ location: options.store ?? defaultStoreLocation(), create });
  try {
    const embedder = embedderForStore(options, await readEmbeddingSpace(store));
    await work(await openMemory({ store, embedder, namespace: options.namespace }));
  } finally {
    await store.close();
  }
}
