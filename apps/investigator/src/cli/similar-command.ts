import { Command } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { renderSimilar } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface SimilarOptions extends StoreOption {
  limit: number;
  json?: boolean;
}

/** `investigator similar <id>`: the alerts nearest to one by embedding. */
export function similarCommand(): Command {
  return withStoreOption(new Command('similar'))
    .description(
      'The alerts most like <id>, nearest first, by the cosine distance of their embeddings (pgvector; 0 = ' +
        'same direction). Useful before merging, or to find how a similar alert was resolved.',
    )
    .argument('<id>', 'the alert id')
    .option('--limit <n>', 'how many', parsePositiveInteger, 5)
    .option('--json', 'print the alerts and distances as JSON')
    .action((id: string, options: SimilarOptions) =>
      runCommand(async () => {
        const similar = await withStore(options, (store) =>
          createAlertStore(store).similar(id, options.limit),
        );
        console.log(options.json === true ? JSON.stringify(similar, null, 2) : renderSimilar(similar));
      }),
    );
}
