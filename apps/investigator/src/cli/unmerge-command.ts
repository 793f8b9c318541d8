import { Command } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface UnmergeOptions extends StoreOption {
  json?: boolean;
}

/** `investigator unmerge <id>`: take an alert out of the one it was merged into. */
export function unmergeCommand(): Command {
  return withStoreOption(new Command('unmerge'))
    .description('Take alert <id> out of the alert it was merged into; it is listed on its own again.')
    .argument('<id>', 'the merged alert')
    .option('--json', 'print the alert as JSON')
    .action((id: string, options: UnmergeOptions) =>
      runCommand(async () => {
        const alert = await withStore(options, (store) => createAlertStore(store).unmerge(id));
        console.log(options.json === true ? JSON.stringify(alert, null, 2) : renderAlert(alert));
      }),
    );
}
