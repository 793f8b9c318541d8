import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Command, Option } from 'commander';
import { actingUser } from '../auth/index.js';
import {
  createIntelFeeds,
  createThreatIntel,
  intelVerdicts,
  parseIndicatorFeed,
  type ThreatIntelResult,
} from '../intel/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface LoadOptions extends StoreOption, ActorOption {
  name?: string;
  verdict: (typeof intelVerdicts)[number];
  json?: boolean;
}

interface LookupOptions extends StoreOption {
  otxBaseUrl?: string;
  json?: boolean;
}

/** `investigator intel load|lookup|feeds`: offline feeds and indicator lookups. */
export function intelCommand(): Command {
  return new Command('intel')
    .description(
      'Threat intelligence: load offline indicator feeds into the store (lookups then work without network) ' +
        'and look indicators up in them and, with $OTX_API_KEY set, in AlienVault OTX.',
    )
    .addCommand(
      withActorOption(withStoreOption(new Command('load')))
        .description(
          'Load (or replace) a feed: a CSV file with a header naming an indicator column (plus optional type, ' +
            'verdict, description, tags), a JSON array of indicators, or a plain list with one indicator per line ' +
            'and # comments. Kinds are recognised when not given (IP, domain, URL, e-mail, hashes, CVE).',
        )
        .argument('<file>', 'the feed file (.csv, .json, .txt)')
        .option(
          '--name <feed>',
          'the feed name (default: the file name without extension); loading a name again replaces it',
        )
        .addOption(
          new Option('--verdict <verdict>', 'the verdict of entries that give none')
            .choices(intelVerdicts)
            .default('malicious'),
        )
        .option('--json', 'print the result as JSON')
        .action((file: string, options: LoadOptions) =>
          runCommand(async () => {
            const entries = parseIndicatorFeed({
              text: await readFile(file, 'utf8'),
              file,
              defaultVerdict: options.verdict,
            });
            const feed = options.name ?? basename(file, extname(file));
            console.error(`investigator: loading ${entries.length} indicators into feed ${feed}…`);
            const loaded = await withStore(options, async (store) => {
              await actingUser({
                store,
                name: actorName(options),
                need: 'analyst',
                action: 'loading a threat-intelligence feed',
              });
              return createIntelFeeds(store).load({ feed, entries });
            });
            console.log(
              options.json === true
                ? JSON.stringify(loaded)
                : `feed ${loaded.feed}: ${loaded.indicators} indicators`,
            );
          }),
        ),
    )
    .addCommand(
      withStoreOption(new Command('lookup'))
        .description(
          'Look up one indicator in the loaded feeds and, when $OTX_API_KEY is set, in AlienVault OTX.',
        )
        .argument(
          '<indicator>',
          'an IP address, domain, URL, e-mail, MD5/SHA-1/SHA-256 hash or CVE id (defanged forms accepted)',
        )
        .option(
          '--otx-base-url <url>',
          'the OTX server (default: $OTX_BASE_URL, else https://otx.alienvault.com)',
        )
        .option('--json', 'print the result as JSON')
        .action((indicator: string, options: LookupOptions) =>
          runCommand(async () => {
            const apiKey = process.env.OTX_API_KEY;
            const baseUrl = options.otxBaseUrl ?? process.env.OTX_BASE_URL;
            const result = await withStore(options, (store) =>
              createThreatIntel({
                feeds: createIntelFeeds(store),
                otx: apiKey ? { apiKey, ...(baseUrl ? { baseUrl } : {}) } : undefined,
              }).lookup(indicator),
            );
            console.log(
              options.json === true
                ? JSON.stringify(result, null, 2)
                : renderLookup(result, apiKey !== undefined && apiKey !== ''),
            );
          }),
        ),
    )
    .addCommand(
      withStoreOption(new Command('feeds'))
        .description('List the loaded feeds and how many indicators each holds.')
        .option('--json', 'print the feeds as JSON')
        .action((options: StoreOption & { json?: boolean }) =>
          runCommand(async () => {
            const feeds = await withStore(options, (store) => createIntelFeeds(store).list());
            if (options.json === true) console.log(JSON.stringify(feeds, null, 2));
            else
              console.log(
                feeds.length === 0
                  ? 'no feeds loaded'
                  : feeds
                      .map((f) => `${f.feed}  ${f.indicators} indicators  loaded ${f.loadedAt.toISOString()}`)
                      .join('\n'),
              );
          }),
        ),
    );
}

function renderLookup(result: ThreatIntelResult, otxConfigured: boolean): string {
  const lines = [`${result.indicator.kind} ${result.indicator.value}: ${result.verdict}`];
  for (const hit of result.feeds) {
    lines.push(
      `  feed ${hit.feed}: ${hit.verdict}${hit.description === '' ? '' : ` — ${hit.description}`}${hit.tags.length === 0 ? '' : ` [${hit.tags.join(', ')}]`}`,
    );
  }
  if (result.otx !== undefined) {
    lines.push(
      `  OTX: in ${result.otx.pulseCount} pulses${result.otx.validation.length > 0 ? `; allow-listed (${result.otx.validation.join('; ')})` : ''}`,
    );
    for (const pulse of result.otx.pulses) {
      const extra = [...pulse.malwareFamilies, ...pulse.attackIds].join(', ');
      lines.push(`    ${pulse.name}${extra === '' ? '' : ` (${extra})`}`);
    }
  } else if (!otxConfigured) lines.push('  OTX: not consulted (set OTX_API_KEY)');
  for (const error of result.errors) lines.push(`  error: ${error}`);
  return lines.join('\n');
}
