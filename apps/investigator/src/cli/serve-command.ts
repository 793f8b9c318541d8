import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigurationError } from 'kioku';
import { createServer, startServer } from '../server/index.js';
import { type ModelOption, modelFromOptions, withModelOption } from './model-option.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ServeOptions extends StoreOption, ModelOption {
  host: string;
  port: number;
  tokenFile?: string;
  maxBodyBytes: number;
}

/** `investigator serve`: the webhook that ingests alerts over HTTP. */
export function serveCommand(): Command {
  return withModelOption(withStoreOption(new Command('serve')))
    .description(
      'Serve the webhook: POST /hooks/alert/<schema> with a JSON alert and Authorization: Bearer <token> ' +
        'ingests it like `investigator new --schema <schema>` and answers 201 with its id. Listens on ' +
        'loopback only unless --host says otherwise. There is no route that resolves an alert.',
    )
    .option('--host <address>', 'the address to listen on; 0.0.0.0 exposes it to the network', '127.0.0.1')
    .option('--port <port>', 'the port', parsePort, 8787)
    .option('--token-file <file>', 'a file holding the bearer token (default: $INVESTIGATOR_WEBHOOK_TOKEN)')
    .option('--max-body-bytes <n>', 'the largest accepted alert in bytes', parsePositiveInteger, 1024 * 1024)
    .addHelpText(
      'after',
      '\nExample:\n  export INVESTIGATOR_WEBHOOK_TOKEN=$(openssl rand -hex 32)\n  investigator serve --port 8787 &\n' +
        '  curl -sS -H "Authorization: Bearer $INVESTIGATOR_WEBHOOK_TOKEN" -H "Content-Type: application/json" \\\n' +
        '    --data-binary @samples/alerts/log4shell-ubuntu5.json http://127.0.0.1:8787/hooks/alert/syslog\n' +
        'A directory store serves one process at a time: while serve runs, add alerts through the webhook, or use PostgreSQL.\n' +
        'Stop with Ctrl-C.',
    )
    .action((options: ServeOptions) =>
      runCommand(async () => {
        const token =
          options.tokenFile === undefined
            ? process.env.INVESTIGATOR_WEBHOOK_TOKEN
            : (await readFile(options.tokenFile, 'utf8')).trim();
        if (token === undefined || token === '') {
          throw new ConfigurationError({
            name: 'ConfigurationError',
            message:
              'no webhook token: set INVESTIGATOR_WEBHOOK_TOKEN (e.g. $(openssl rand -hex 32)) or pass --token-file',
          });
        }
        const model = await modelFromOptions(options);
        await withStore(options, async (store) => {
          const app = createServer({
            store,
            token,
            model,
            maxBodyBytes: options.maxBodyBytes,
            onAlert: ({ id, schema, title, summarizedBy }) =>
              console.error(
                `investigator serve: stored ${id} (${schema}, summarized by ${summarizedBy}): ${title}`,
              ),
          });
          const server = await startServer({ app, host: options.host, port: options.port });
          if (!/^(127\.|::1$|localhost$)/.test(options.host)) {
            console.error(
              `investigator serve: listening on ${options.host}, reachable from other machines; put TLS in front of it`,
            );
          }
          console.error(
            `investigator serve: listening on ${server.url} (POST /hooks/alert/<schema>); Ctrl-C stops`,
          );
          await new Promise<void>((resolve) => {
            const stop = () => resolve();
            process.once('SIGINT', stop);
            process.once('SIGTERM', stop);
          });
          await server.close();
        });
      }),
    );
}

function parsePort(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > 2 ** 31)
    throw new InvalidArgumentError(`expected a non-negative integer, found ${JSON.stringify(value)}`);
  return number;
}
