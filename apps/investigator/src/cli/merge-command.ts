import { Command } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { actingUser } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface MergeOptions extends StoreOption, ActorOption {
  json?: boolean;
}

/** `investigator merge <id> <into>`: file an alert under another (the same incident). */
export function mergeCommand(): Command {
  return withActorOption(withStoreOption(new Command('merge')))
    .description(
      'Merge alert <id> into alert <into> (the same incident): it is then listed under <into>, alerts already ' +
        'merged into <id> move with it, and resolving <into> resolves them all. Undo with `investigator unmerge`.',
    )
    .argument('<id>', 'the alert to merge')
    .argument('<into>', 'the alert it belongs to')
    .option('--json', 'print the merged alert as JSON')
    .action((id: string, into: string, options: MergeOptions) =>
      runCommand(async () => {
        const alert = await withStore(options, async (store) => {
          const by = await actingUser({
            store,
            name: actorName(options),
            need: 'analyst',
            action: 'merging alerts',
          });
          return createAlertStore(store).merge({ id, into, by });
        });
        console.log(options.json === true ? JSON.stringify(alert, null, 2) : renderAlert(alert));
      }),
    );
}
