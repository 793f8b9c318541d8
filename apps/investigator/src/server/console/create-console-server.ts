import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { InputFormatError, KiokuError, type ToolRegistration } from 'kioku';
import { ApprovalStateError } from '../../approvals/index.js';
import {
  type ConsoleAuth,
  createConsoleAuth,
  createSignInThrottle,
  type OidcSignIn,
  type Role,
  type SignInThrottle,
} from '../../auth/index.js';
import type { ChatBudget } from '../../chat/chat-budget.js';
import type { ThreatIntel } from '../../intel/index.js';
import type { Notifier } from '../../notify/index.js';
import { type CreateServerOptions, createServer } from '../create-server.js';
import { limitBody } from '../limit-body.js';
import { adminRoutes } from './admin-routes.js';
import { alertsRoutes } from './alerts-routes.js';
import { approvalRoutes } from './approval-routes.js';
import { authRoutes } from './auth-routes.js';
import { caseRoutes } from './case-routes.js';
import { chatRoutes } from './chat-routes.js';
import type { ConsoleEnv } from './console-env.js';
import { consoleGuard } from './console-guard.js';
import { createClientAddress, type TrustProxy } from './create-client-address.js';
import { memoryRoutes } from './memory-routes.js';

/** What the settings page shows: names and presence only, never a key. */
export interface ConsoleSettings {
  /** The chat model's spec (e.g. `anthropic:claude-sonnet-4-5`), or `undefined` when none is configured. */
  model: string | undefined;
  /** The log engine the chat's `logs_run` uses (e.g. `duckdb: /data/logs.duckdb`), or `none`. */
  logEngine: string;
  /** Each threat-intelligence source and whether its key is present. */
  threatIntel: readonly { name: string; keyPresent: boolean }[];
  /** The embedder of new alerts for `similar` (e.g. `ollama:nomic-embed-text (768 dimensions)`), when known. */
  embedder?: string | undefined;
}

/** Options of {@link createConsoleServer}: the webhook's, and the console's. */
export interface CreateConsoleServerOptions extends CreateServerOptions {
  /** The chat's model (an AI SDK model object); without it the console works but the chat answers 503. */
  chatModel?: Parameters<typeof chatRoutes>[0]['model'];
  /** The chat's tools besides `search_alerts`, made for each turn. */
  tools?: () => ToolRegistration[];
  /** The threat intelligence the alert page's IOC verdicts come from. */
  intel: ThreatIntel;
  /** The chat model's window, drawn in the context panel. */
  contextWindow: number;
  /** Share of the window at which kioku compacts (default 0.8). */
  threshold?: number | undefined;
  budget?: ChatBudget | undefined;
  settings: ConsoleSettings;
  /** A reverse proxy's user header (e.g. `x-forwarded-user`); off by default. */
  proxyHeader?: string | undefined;
  /** The role of a proxy-named user who is not a user of the store (default `viewer`). */
  proxyRole?: Role | undefined;
  /** Single sign-on through an OpenID Connect provider (`createOidcSignIn`); off by default. */
  oidc?: OidcSignIn | undefined;
  /** Tells the team (Slack, an outbound webhook) of new high-severity alerts, assignments and resolutions. */
  notifier?: Notifier | undefined;
  /** The built web app (default `apps/investigator/dist/web`, from `npm run build`). */
  webRoot?: string;
  /** The console's sign-in; default `createConsoleAuth({ store, proxyHeader })`. */
  auth?: ConsoleAuth;
  /**
   * Limits on failed sign-ins and on concurrent token verifications; default `createSignInThrottle()` (5
   * failures per client address and 50 in all per 15 minutes, 2 verifications at once).
   */
  signInThrottle?: SignInThrottle;
  /**
   * The reverse proxies in front of the console whose `X-Forwarded-For` names the client the sign-in
   * throttle counts (`createClientAddress`): their number or their addresses. Default none: the header is
   * ignored (any client can send it) and every client behind a proxy counts as the proxy's address.
   */
  trustProxy?: TrustProxy | undefined;
}

/** Where `vite build` puts the console: `dist/web` of the investigator package (from `src/` or `dist/`). */
const defaultWebRoot = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** The largest body of a console request: a chat message with its history. */
const maxApiBodyBytes = 1024 * 1024;

const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/**
 * The investigator's HTTP server with the web console: the webhook (`createServer`), the console's API
 * under `/api` (sign-in with the admin token or a reverse proxy's header, every route checked, state
 * changes refused cross-site) and the built web app as static files (no CDN). Serve it with `startServer`,
 * on loopback by default.
 *
 * @example
 * const app = createConsoleServer({ store, token, chatModel, intel, contextWindow: 128_000, settings });
 * const server = await startServer({ app, port: 8787 });
 */
export function createConsoleServer({
  chatModel,
  tools,
  intel,
  contextWindow,
  threshold,
  budget,
  settings,
  proxyHeader,
  proxyRole,
  oidc,
  notifier,
  webRoot = defaultWebRoot,
  auth,
  signInThrottle: throttle = createSignInThrottle(),
  trustProxy,
  ...webhook
}: CreateConsoleServerOptions): Hono {
  const clientAddress = createClientAddress({ trustProxy });
  const behindProxy = trustProxy !== undefined || proxyHeader !== undefined;
  const { store } = webhook;
  const signIn =
    auth ?? createConsoleAuth({ store, proxyHeader, ...(proxyRole === undefined ? {} : { proxyRole }) });
  const app = new Hono();
  const error = (code: string, message: string) => ({ error: { code, message } });

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.header(name, value);
  });
  const onAlert = webhook.onAlert;
  app.route(
    '/',
    createServer({
      ...webhook,
      onAlert: (alert) => {
        onAlert?.(alert);
        // A duplicate folded into a stored alert was notified with it: a storm sends one notice.
        if (!alert.folded && (alert.severity === 'high' || alert.severity === 'critical')) {
          notifier?.notify({
            type: 'alert.created',
            alert: { id: alert.id, title: alert.title, severity: alert.severity },
          });
        }
      },
    }),
  );

  const api = new Hono<ConsoleEnv>();
  // Every console route has a body limit (the chat's messages are the largest); the deadline on a whole
  // request is startServer's.
  api.use('*', limitBody(maxApiBodyBytes));
  api.use('*', consoleGuard(signIn, { behindProxy }));
  api.route('/', authRoutes({ store, auth: signIn, throttle, clientAddress, oidc, behindProxy }));
  api.get('/settings', (c) =>
    c.json({
      model: settings.model ?? null,
      logEngine: settings.logEngine,
      threatIntel: settings.threatIntel.map(({ name, keyPresent }) => ({ name, keyPresent })),
      embedder: settings.embedder ?? null,
      contextWindow,
      proxyHeader: signIn.proxyHeader ?? null,
      singleSignOn: oidc !== undefined,
      notifications: notifier?.enabled === true,
    }),
  );
  api.route('/', adminRoutes({ store, auth: signIn }));
  api.route('/', alertsRoutes({ store, intel, notifier }));
  api.route('/', caseRoutes({ store, notifier }));
  api.route('/', approvalRoutes({ store }));
  api.route(
    '/',
    chatRoutes({
      store,
      model: chatModel,
      contextWindow,
      ...(tools === undefined ? {} : { tools }),
      threshold,
      budget,
    }),
  );
  api.route('/', memoryRoutes({ store }));
  api.all('*', (c) => c.json(error('not_found', `no route ${c.req.method} ${c.req.path}`), 404));
  app.route('/api', api);

  if (existsSync(webRoot)) app.use('*', serveStatic({ root: webRoot }));

  app.notFound((c) =>
    c.json(
      error('not_found', `no route ${c.req.method} ${c.req.path}; alerts go to POST /hooks/alert/<schema>`),
      404,
    ),
  );
  app.onError((caught, c) => {
    if (caught instanceof URIError)
      return c.json(error('invalid_request', `the path is not valid: ${caught.message}`), 400);
    if (isInputFormatError(caught)) return c.json(error('invalid_request', (caught as Error).message), 400);
    if (KiokuError.isInstance(caught) && caught.name === 'UnknownAlertError') {
      return c.json(error('not_found', caught.message), 404);
    }
    if (ApprovalStateError.isInstance(caught)) {
      return c.json(error(caught.found ? 'conflict' : 'not_found', caught.message), caught.found ? 409 : 404);
    }
    if (KiokuError.isInstance(caught) && caught.name === 'PermissionError') {
      return c.json(error('forbidden', caught.message), 403);
    }
    if (KiokuError.isInstance(caught) && caught.name === 'UserInputError') {
      return c.json(error('invalid_request', caught.message), 400);
    }
    if (KiokuError.isInstance(caught) && caught.name === 'AlertStateError') {
      return c.json(error('conflict', caught.message), 409);
    }
    console.error(`investigator console: ${caught instanceof Error ? caught.message : String(caught)}`);
    return c.json(error('internal', 'the request failed; see the server log'), 500);
  });
  return app;
}

/** Bad input from the request (an `InputFormatError`: a malformed alert, an unknown filter value): a 400. */
function isInputFormatError(caught: unknown): boolean {
  return InputFormatError.isInstance(caught);
}
