import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigurationError, type ToolRegistration } from 'kioku';
import { checkEmbeddingSpace, createAlertStore, createSummaryWorker } from '../alerts/index.js';
import { createApprovalStore } from '../approvals/index.js';
import { ensureAdminToken } from '../auth/index.js';
import { intelLookupRegistration } from '../chat/intel-lookup-registration.js';
import { loadMcpServers } from '../chat/load-mcp-servers.js';
import { logsRunRegistration } from '../chat/logs-run-registration.js';
import { createIntelFeeds, createThreatIntel } from '../intel/index.js';
import { defaultLogDatabase, defaultRunbooksDir } from '../logs/index.js';
import {
  createClientAddress,
  createConsoleServer,
  modelContextWindow,
  recordRecalls,
  type TrustProxy,
} from '../server/console/index.js';
import { startServer } from '../server/index.js';
import { type EmbedderOption, embedderFromOptions, withEmbedderOption } from './embedder-option.js';
import { type ModelOption, modelFromOptions, withModelOption } from './model-option.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';
import { type TeamOptions, teamFromOptions, withTeamOptions } from './team-options.js';

interface ServeOptions extends StoreOption, ModelOption, EmbedderOption, TeamOptions {
  host: string;
  port: number;
  tokenFile?: string;
  maxBodyBytes: number;
  logs?: string;
  runbooks?: string;
  mcp?: string;
  contextWindow?: number;
  proxyHeader?: string;
  trustProxy?: TrustProxy;
}

/** `investigator serve`: the web console, and the webhook that ingests alerts over HTTP. */
export function serveCommand(): Command {
  return withTeamOptions(withEmbedderOption(withModelOption(withStoreOption(new Command('serve')))))
    .description(
      'Serve the web console (alerts, the investigation chat, its context, memory, settings; sign in with the ' +
        'admin token printed at the first serve) and the webhook: POST /hooks/alert/<schema> with a JSON alert and Authorization: Bearer <token> ' +
        'ingests it like `investigator new --schema <schema>` and answers 201 with its id. Listens on ' +
        'loopback only unless --host says otherwise. There is no route that resolves an alert.',
    )
    .option('--host <address>', 'the address to listen on; 0.0.0.0 exposes it to the network', '127.0.0.1')
    .option('--port <port>', 'the port', parsePort, 8787)
    .option('--token-file <file>', 'a file holding the bearer token (default: $INVESTIGATOR_WEBHOOK_TOKEN)')
    .option('--max-body-bytes <n>', 'the largest accepted alert in bytes', parsePositiveInteger, 1024 * 1024)
    .option(
      '--logs <file>',
      "the web console chat's log database (default: the one `investigator logs load` builds)",
    )
    .option('--runbooks <dir>', "the log sub-agent's runbooks (default: the shipped ones)")
    .option(
      '--mcp <file>',
      'MCP servers to offer the console chat as tools (JSON: { "mcpServers": { name: { command|url, allow: [...] } } }; a write tool waits for an analyst\'s approval in the console; default: $INVESTIGATOR_MCP_CONFIG)',
    )
    .option(
      '--context-window <tokens>',
      "the chat model's window, for a model kioku's catalog does not know",
      parsePositiveInteger,
    )
    .option(
      '--proxy-header <name>',
      "sign web-console users in by this header of a reverse proxy (e.g. x-forwarded-user); only when the proxy is the console's sole way in (off by default)",
    )
    .option(
      '--trust-proxy <hops|addresses>',
      'believe X-Forwarded-For from this many reverse proxies in front of the server (e.g. 1), or from ' +
        'these proxy addresses (comma-separated, e.g. 10.0.0.2), so the sign-in throttle counts each client ' +
        'rather than the proxy (off by default: the header is ignored, as any client can send it)',
      parseTrustProxy,
    )
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
        const embedder = await embedderFromOptions(options);
        const chatModel = model === undefined || typeof model === 'string' ? undefined : model;
        const logs = options.logs ?? defaultLogDatabase();
        const mcp = options.mcp ?? process.env.INVESTIGATOR_MCP_CONFIG;
        const servers: ToolRegistration[] = mcp === undefined || mcp === '' ? [] : await loadMcpServers(mcp);
        const otxKey = process.env.OTX_API_KEY;
        const otx =
          otxKey === undefined || otxKey === ''
            ? undefined
            : { apiKey: otxKey, ...(process.env.OTX_BASE_URL ? { baseUrl: process.env.OTX_BASE_URL } : {}) };
        await withStore(options, async (store) => {
          // An embedder other than the one of the store's alerts would make every new alert fail: say so now.
          checkEmbeddingSpace({
            stored: await createAlertStore(store).embeddingSpaces(),
            embedder: embedder.id,
            dimensions: embedder.dimensions,
          });
          // Approvals left pending by an earlier serve can no longer be waited for: expire them.
          const approvals = createApprovalStore(store);
          for (const stale of await approvals.list({ status: 'pending' })) {
            await approvals.expire({
              id: stale.id,
              by: { name: 'investigator', via: 'system' },
              reason: 'the server restarted',
            });
          }
          const { oidc, notifier } = teamFromOptions(options, {
            listenUrl: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`,
          });
          const summaries = createSummaryWorker({
            store,
            model,
            embedder,
            onJob: ({ id, outcome, summarizedBy, error }) => {
              if (outcome !== 'done')
                console.error(
                  `investigator serve: summary of ${id} ${outcome === 'retry' ? 'will be retried' : 'failed'}: ${error}`,
                );
              else console.error(`investigator serve: summarized ${id} (by ${summarizedBy})`);
            },
          });
          const app = createConsoleServer({
            store,
            token,
            model,
            chatModel,
            tools: () =>
              chatModel === undefined
                ? []
                : [
                    logsRunRegistration({
                      model: chatModel,
                      file: logs,
                      runbooksDir: options.runbooks ?? defaultRunbooksDir(),
                      store,
                      onRecall: recordRecalls(store),
                    }),
                    intelLookupRegistration({ store, otx }),
                    ...servers,
                  ],
            intel: createThreatIntel({ feeds: createIntelFeeds(store), otx }),
            contextWindow: modelContextWindow(chatModel, options.contextWindow),
            settings: {
              model: options.model ?? process.env.INVESTIGATOR_MODEL,
              logEngine: process.env.INVESTIGATOR_BIGQUERY_PROJECT
                ? `bigquery: project ${process.env.INVESTIGATOR_BIGQUERY_PROJECT}`
                : existsSync(logs)
                  ? `duckdb: ${logs}`
                  : `none (no log database at ${logs})`,
              threatIntel: [{ name: 'AlienVault OTX', keyPresent: otx !== undefined }],
              embedder: `${embedder.id} (${embedder.dimensions} dimensions)`,
            },
            proxyHeader: options.proxyHeader,
            proxyRole: options.proxyRole,
            oidc,
            notifier,
            trustProxy: options.trustProxy,
            maxBodyBytes: options.maxBodyBytes,
            embedder,
            summaries,
            onAlert: ({ id, schema, title, folded }) =>
              console.error(
                `investigator serve: ${folded ? 'folded a duplicate into' : 'stored'} ${id} (${schema}): ${title}`,
              ),
          });
          // The port first: a busy one ends here, before an admin token is made that nobody could use.
          const server = await startServer({ app, host: options.host, port: options.port });
          const adminToken = await ensureAdminToken(store);
          if (adminToken !== undefined) {
            console.error(
              `investigator serve: the web console's admin token (shown this once; only its hash is stored):\n  ${adminToken}`,
            );
          }
          summaries.start();
          if (!/^(127\.|::1$|localhost$)/.test(options.host)) {
            console.error(
              `investigator serve: listening on ${options.host}, reachable from other machines; put TLS in front of it`,
            );
          }
          console.error(
            `investigator serve: listening on ${server.url} (the web console at ${server.url}/, POST /hooks/alert/<schema>); Ctrl-C stops`,
          );
          await new Promise<void>((resolve) => {
            const stop = () => resolve();
            process.once('SIGINT', stop);
            process.once('SIGTERM', stop);
          });
          await server.close();
          await summaries.close();
          await notifier?.flush();
        });
      }),
    );
}

/** `--trust-proxy`: a number of proxies, or their comma-separated addresses (checked as the server checks them). */
function parseTrustProxy(value: string): TrustProxy {
  const trustProxy = /^\s*\d+\s*$/.test(value)
    ? Number(value)
    : value.split(',').map((entry) => entry.trim());
  try {
    createClientAddress({ trustProxy });
  } catch {
    throw new InvalidArgumentError(
      `expected a positive whole number of proxies or their comma-separated IP addresses, found ${JSON.stringify(value)}`,
    );
  }
  return trustProxy;
}

function parsePort(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > 2 ** 31)
    throw new InvalidArgumentError(`expected a non-negative integer, found ${JSON.stringify(value)}`);
  return number;
}
