import { Command } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { actingUser } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface UnmergeOptions extends StoreOption, ActorOption {
  json?: boolean;
}

/** `investigator unmerge <id>`: take an alert out of the one it was merged into. */
export function unmergeCommand(): Command {
  return withActorOption(withStoreOption(new Command('unmerge')))
    .description('Take alert <id> out of the alert it was merged into; it is listed on its own again.')
    .argument('<id>', 'the merged alert')
    .option('--json', 'print the alert as JSON')
    .action((id: string, options: UnmergeOptions) =>
      runCommand(async () => {
        const alert = await withStore(options, async (store) => {
          const by = await actingUser({
            store,
            name: actorName(options),
            need: 'analyst',
            action: 'unmerging an alert',
          });
          return createAlertStore(store).unmerge({ id, by });
        });
        console.log(options.json === true ? JSON.stringify(alert, null, 2) : renderAlert(alert));
      }),
    );
}
