import { Command } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { actingUser } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { type EmbedderOption, embedderFromOptions, withEmbedderOption } from './embedder-option.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ReembedOptions extends StoreOption, EmbedderOption, ActorOption {
  json?: boolean;
}

/** `investigator reembed`: embeds every alert again with another embedder, all or nothing. */
export function reembedCommand(): Command {
  return withActorOption(withEmbedderOption(withStoreOption(new Command('reembed'))))
    .description(
      "Embed every alert of the store again with the embedder the options name (or kioku's hashing embedder), " +
        'from its title, description and attributes as at ingest, and replace all embeddings in one ' +
        'transaction: a store never holds the vectors of two embedders, and nothing else of an alert changes. ' +
        'Needed before `new` or `serve` use another embedding model than the one the alerts were embedded by.',
    )
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      '\nExample:\n  investigator reembed --embedding-model ollama:nomic-embed-text --embedding-dimensions 768\n' +
        'Exit codes: 0 re-embedded, 1 the store or the embedding model could not be used (nothing changed), 2 bad arguments, 3 --as is not an admin.',
    )
    .action((options: ReembedOptions) =>
      runCommand(async () => {
        const embedder = await embedderFromOptions(options);
        const { alerts, before } = await withStore(options, async (store) => {
          await actingUser({
            store,
            name: actorName(options),
            need: 'admin',
            action: 'embedding every alert again',
          });
          return createAlertStore(store).reembed(embedder);
        });
        if (options.json === true) {
          console.log(
            JSON.stringify(
              { alerts, embedder: embedder.id, dimensions: embedder.dimensions, before },
              null,
              2,
            ),
          );
          return;
        }
        const from =
          before.length === 0
            ? 'no alerts'
            : before
                .map((space) => `${space.alerts} by ${space.embedder} (${space.dimensions} dimensions)`)
                .join(', ');
        console.log(
          `re-embedded ${alerts} alerts with ${embedder.id} (${embedder.dimensions} dimensions); before: ${from}`,
        );
      }),
    );
}
