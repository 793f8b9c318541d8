import { Command, InvalidArgumentError, Option } from 'commander';
import {
  type AlertSeverity,
  type AlertSort,
  alertSeverities,
  alertSorts,
  createAlertStore,
  maxAlertPage,
} from '../alerts/index.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { parseSince } from './parse-since.js';
import { renderAlertList } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ListOptions extends StoreOption {
  status?: 'open' | 'resolved';
  since?: Date;
  text?: string;
  severity?: AlertSeverity;
  host?: string;
  user?: string;
  source?: string;
  sort: AlertSort;
  limit: number;
  offset: number;
  after?: string;
  all?: boolean;
  json?: boolean;
}

/** `investigator list`: a page of alerts, newest first, filtered by status, severity, time, entities and text. */
export function listCommand(): Command {
  return withStoreOption(new Command('list'))
    .description(
      'List alerts, newest first: id, status (or conclusion), severity, time, title, host, user, and how many match in all. Alerts merged into another are hidden unless --all.',
    )
    .addOption(new Option('--severity <severity>', 'only alerts of this severity').choices(alertSeverities))
    .addOption(new Option('--status <status>', 'only open or resolved alerts').choices(['open', 'resolved']))
    .option(
      '--since <when>',
      'only alerts created since: a duration (30m, 24h, 7d, 2w) or a date (2026-11-20)',
      (value) => parseSince(value),
    )
    .option(
      '--text <text>',
      'only alerts with every word of this in their title, description, attributes, IOCs or raw JSON (word prefixes, case-insensitive)',
    )
    .option('--host <host>', 'only alerts about this host')
    .option('--user <user>', 'only alerts about this user')
    .option('--source <source>', 'only alerts from this source system')
    .addOption(new Option('--sort <order>', 'order by').choices(alertSorts).default('received'))
    .option('--limit <n>', `at most this many (up to ${maxAlertPage})`, parsePositiveInteger, 50)
    .option('--offset <n>', 'skip this many', (value) => parseNonNegative(value), 0)
    .option(
      '--after <cursor>',
      'the page after the one that printed this cursor (as deep in the list as you like, at the cost of the first page)',
    )
    .option('--all', 'include alerts merged into another')
    .option('--json', 'print the alerts as JSON')
    .action((options: ListOptions) =>
      runCommand(async () => {
        const page = await withStore(options, (store) =>
          createAlertStore(store).list({
            status: options.status,
            severity: options.severity,
            since: options.since,
            text: options.text,
            host: options.host,
            user: options.user,
            source: options.source,
            sort: options.sort,
            limit: options.limit,
            offset: options.offset,
            after: options.after,
            includeMerged: options.all === true,
          }),
        );
        console.log(
          options.json === true ? JSON.stringify(page.alerts, null, 2) : renderAlertList(page.alerts),
        );
        // How many match in all, beside the page (on standard error with --json, which stays a list).
        if (page.next !== undefined || page.total > page.alerts.length) {
          const of = `${page.totalExact ? '' : 'about '}${page.total}`;
          const shown =
            options.after === undefined
              ? `${options.offset + 1}–${options.offset + page.alerts.length} of ${of}`
              : `${page.alerts.length} more of ${of}`;
          const more = `(${shown}${page.next === undefined ? '' : `; --after ${page.next} for the next page`})`;
          if (options.json === true) console.error(more);
          else console.log(more);
        }
      }),
    );
}

function parseNonNegative(value: string): number {
  if (!/^\d+$/.test(value))
    throw new InvalidArgumentError(`expected a whole number, found ${JSON.stringify(value)}`);
  return Number(value);
}
