import { Command } from 'commander';
import { createAlertStore, ingestAlert } from '../alerts/index.js';
import { actingUser } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { type EmbedderOption, embedderFromOptions, withEmbedderOption } from './embedder-option.js';
import { type ModelOption, modelFromOptions, withModelOption } from './model-option.js';
import { readAlertInput } from './read-alert-input.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface NewOptions extends StoreOption, ModelOption, EmbedderOption, ActorOption {
  schema: string;
  json?: boolean;
}

/** `investigator new [file]`: ingest one alert from a JSON file or standard input. */
export function newCommand(): Command {
  return withActorOption(withEmbedderOption(withModelOption(withStoreOption(new Command('new')))))
    .description(
      'Ingest one alert (a JSON object) from a file or standard input: the raw JSON is kept byte for byte, ' +
        'the model writes a title, description, severity and attributes (3 attempts, then a summary built ' +
        "from the alert's own fields, the same without a model), IOCs are extracted without a model, and an " +
        'embedding is stored for `similar` (by --embedding-model, else offline by hashing; an embedder other than ' +
        "the one of the store's alerts is refused).",
    )
    .argument('[file]', 'the alert JSON file; - or absent: standard input')
    .option('--schema <name>', 'the alert source format, e.g. sentinel, guardduty, syslog', 'generic')
    .option('--json', 'print the stored alert as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  investigator new samples/alerts/lsass-dump-mkt01.json --schema sentinel\n' +
        '  cat alert.json | investigator new --schema guardduty --model openai-compatible:qwen2.5-7b-instruct --base-url http://127.0.0.1:8000/v1\n' +
        'Without --model (or $INVESTIGATOR_MODEL) the summary comes from the alert fields; nothing needs the network.\n' +
        'Exit codes: 0 stored, 1 the store cannot be opened or embeds its alerts with another embedder, 2 the input is not one JSON object, 3 --as is not an analyst.',
    )
    .action((file: string | undefined, options: NewOptions) =>
      runCommand(async () => {
        const { bytes, input } = await readAlertInput(file);
        const model = await modelFromOptions(options);
        const embedder = await embedderFromOptions(options);
        if (model !== undefined) console.error('investigator: summarizing the alert with the model…');
        const ingested = await ingestAlert({
          raw: bytes,
          schema: options.schema,
          input,
          model,
          embedder,
        });
        for (const failure of ingested.failures)
          console.error(`investigator: model attempt failed: ${failure}`);
        if (model !== undefined && ingested.summarizedBy === 'fallback') {
          console.error(
            'investigator: the model gave no valid summary in 3 attempts; stored the summary built from the alert fields',
          );
        }
        const alert = await withStore(options, async (store) => {
          const by = await actingUser({
            store,
            name: actorName(options),
            need: 'analyst',
            action: 'ingesting an alert',
          });
          return createAlertStore(store).create(ingested, { by });
        });
        console.log(options.json === true ? JSON.stringify(alert, null, 2) : renderAlert(alert));
      }),
    );
}
