import { Command } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ShowOptions extends StoreOption {
  raw?: boolean;
  json?: boolean;
}

/** `investigator show <id>`: one alert in full. */
export function showCommand(): Command {
  return withStoreOption(new Command('show'))
    .description('Show one alert: title, description, severity, attributes, IOCs, merges and resolution.')
    .argument('<id>', 'the alert id (see `investigator list`)')
    .option('--raw', 'print only the raw alert, exactly as it was received')
    .option('--json', 'print the alert as JSON')
    .action((id: string, options: ShowOptions) =>
      runCommand(async () => {
        const { alert, merged } = await withStore(options, async (store) => {
          const alerts = createAlertStore(store);
          return { alert: await alerts.get(id), merged: await alerts.mergedInto(id) };
        });
        if (options.raw === true) process.stdout.write(alert.raw);
        else if (options.json === true)
          console.log(JSON.stringify({ ...alert, merged: merged.map((m) => m.id) }, null, 2));
        else console.log(renderAlert(alert, merged));
      }),
    );
}
