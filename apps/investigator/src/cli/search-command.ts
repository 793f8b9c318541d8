import { Command, InvalidArgumentError } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { renderAlertList } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface SearchOptions extends StoreOption {
  attribute: Record<string, string>;
  limit: number;
  json?: boolean;
}

/** `investigator search [text]`: alerts by text and by attribute values. */
export function searchCommand(): Command {
  return withStoreOption(new Command('search'))
    .description(
      'Find alerts (merged and resolved ones included), newest first, by text anywhere in them (title, ' +
        'description, attributes, the raw alert: case-insensitive) and/or by exact attribute values.',
    )
    .argument('[text]', 'text to look for, e.g. an IP address, a host or a user')
    .option(
      '--attribute <name=value>',
      'an attribute the alert must have with this value (repeatable)',
      collectAttribute,
      {},
    )
    .option('--limit <n>', 'at most this many', parsePositiveInteger, 20)
    .option('--json', 'print the alerts as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  investigator search 10.0.1.14\n  investigator search --attribute host=MKT01 --attribute user=pgustavo',
    )
    .action((text: string | undefined, options: SearchOptions) =>
      runCommand(async () => {
        const alerts = await withStore(options, (store) =>
          createAlertStore(store).search({ text, attributes: options.attribute, limit: options.limit }),
        );
        console.log(options.json === true ? JSON.stringify(alerts, null, 2) : renderAlertList(alerts));
      }),
    );
}

function collectAttribute(value: string, previous: Record<string, string>): Record<string, string> {
  const at = value.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError(`expected name=value, found ${JSON.stringify(value)}`);
  return { ...previous, [value.slice(0, at)]: value.slice(at + 1) };
}
