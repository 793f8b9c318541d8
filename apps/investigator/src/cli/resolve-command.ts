import { Command, Option } from 'commander';
import { alertConclusions, createAlertStore } from '../alerts/index.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ResolveOptions extends StoreOption {
  conclusion: (typeof alertConclusions)[number];
  reason: string;
  by?: string;
  json?: boolean;
}

/** `investigator resolve <id>`: an analyst's verdict; the chat agent has no way to do this. */
export function resolveCommand(): Command {
  return withStoreOption(new Command('resolve'))
    .description(
      'Resolve an alert (and the alerts merged into it) with your conclusion and reason. Only an analyst ' +
        'resolves: the chat agent has no tool for it, whatever an alert or a log says.',
    )
    .argument('<id>', 'the alert id (see `investigator list`)')
    .addOption(
      new Option('--conclusion <conclusion>', 'your verdict').choices(alertConclusions).makeOptionMandatory(),
    )
    .requiredOption('--reason <text>', 'why, in a sentence an auditor can follow')
    .option('--by <analyst>', 'who resolves it (default: $INVESTIGATOR_ANALYST)')
    .option('--json', 'print the resolved alert as JSON')
    .action((id: string, options: ResolveOptions) =>
      runCommand(async () => {
        const by = options.by ?? process.env.INVESTIGATOR_ANALYST ?? '';
        const alert = await withStore(options, (store) =>
          createAlertStore(store).resolve({ id, conclusion: options.conclusion, reason: options.reason, by }),
        );
        console.log(options.json === true ? JSON.stringify(alert, null, 2) : renderAlert(alert));
      }),
    );
}
