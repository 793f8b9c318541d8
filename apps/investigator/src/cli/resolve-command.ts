import { Command, Option } from 'commander';
import { alertConclusions, createAlertStore } from '../alerts/index.js';
import { actingUser } from '../auth/index.js';
import { notifierFromEnvironment } from '../notify/index.js';
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
    .option(
      '--by <analyst>',
      'who resolves it: a user with the analyst role or above (default: $INVESTIGATOR_USER, else $INVESTIGATOR_ANALYST; a store without users takes any name)',
    )
    .option('--json', 'print the resolved alert as JSON')
    .action((id: string, options: ResolveOptions) =>
      runCommand(async () => {
        const name = options.by ?? process.env.INVESTIGATOR_USER ?? process.env.INVESTIGATOR_ANALYST;
        // Made before anything changes: a misconfigured notifier refuses the command, not the announcement.
        const notifier = notifierFromEnvironment();
        const alert = await withStore(options, async (store) => {
          const alerts = createAlertStore(store);
          const resolve = { id, conclusion: options.conclusion, reason: options.reason };
          // Never anonymous: without a name, resolve refuses (even on a store without users).
          if (name === undefined || name.trim() === '')
            return alerts.resolve({ ...resolve, by: { name: '', via: 'cli' } });
          const by = await actingUser({ store, name, need: 'analyst', action: 'resolving an alert' });
          return alerts.resolve({ ...resolve, by });
        });
        console.log(options.json === true ? JSON.stringify(alert, null, 2) : renderAlert(alert));
        if (alert.resolution !== undefined) {
          notifier?.notify({
            type: 'alert.resolved',
            alert: { id: alert.id, title: alert.title, severity: alert.severity },
            conclusion: alert.resolution.conclusion,
            reason: alert.resolution.reason,
            by: alert.resolution.by,
          });
        }
        await notifier?.flush();
      }),
    );
}
