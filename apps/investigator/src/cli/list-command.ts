import { Command, Option } from 'commander';
import { createAlertStore } from '../alerts/index.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { parseSince } from './parse-since.js';
import { renderAlertList } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ListOptions extends StoreOption {
  status?: 'open' | 'resolved';
  since?: Date;
  text?: string;
  limit: number;
  all?: boolean;
  json?: boolean;
}

/** `investigator list`: the alerts, newest first, filtered by status, time and text. */
export function listCommand(): Command {
  return withStoreOption(new Command('list'))
    .description(
      'List alerts, newest first: id, status (or conclusion), severity, time, title. Alerts merged into another are hidden unless --all.',
    )
    .addOption(new Option('--status <status>', 'only open or resolved alerts').choices(['open', 'resolved']))
    .option(
      '--since <when>',
      'only alerts created since: a duration (30m, 24h, 7d, 2w) or a date (2026-11-20)',
      (value) => parseSince(value),
    )
    .option('--text <text>', 'only alerts whose title or description contains this (case-insensitive)')
    .option('--limit <n>', 'at most this many', parsePositiveInteger, 50)
    .option('--all', 'include alerts merged into another')
    .option('--json', 'print the alerts as JSON')
    .action((options: ListOptions) =>
      runCommand(async () => {
        const alerts = await withStore(options, (store) =>
          createAlertStore(store).list({
            status: options.status,
            since: options.since,
            text: options.text,
            limit: options.limit,
            includeMerged: options.all === true,
          }),
        );
        console.log(options.json === true ? JSON.stringify(alerts, null, 2) : renderAlertList(alerts));
      }),
    );
}
