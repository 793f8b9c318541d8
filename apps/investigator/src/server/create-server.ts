import type { LanguageModel } from 'ai';
import { Hono } from 'hono';
import { ConfigurationError, KiokuError } from 'kioku';
import { createHashingEmbedder, type Embedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import {
  type Alert,
  alertEmbeddingText,
  checkSchemaName,
  createAlertStore,
  createSnsCertificateFetcher,
  createSummaryWorker,
  type FetchSnsCertificate,
  readAlertDelivery,
  type SummaryWorker,
} from '../alerts/index.js';

import { createPreparePool } from './create-prepare-pool.js';
import { createRateLimiter, type RateLimit } from './create-rate-limiter.js';
import { limitBody } from './limit-body.js';
import { tokensEqual } from './tokens-equal.js';

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /** An open investigator store (`openInvestigatorStore`). */
  store: DrizzleStore;
  /** The bearer token every webhook request must carry (at least 16 characters). */
  token: string;
  /** Writes alert summaries in the background; without it, the deterministic fallback stays. */
  model?: LanguageModel | undefined;
  /**
   * Embeds alerts for `similar` in the background (default: kioku's hashing embedder, offline); with no
   * model and a lexical embedder, as each alert is stored (`SummaryWorker.ingestEmbedder`).
   */
  embedder?: Embedder;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * The jobs that summarize and embed stored alerts; default a `createSummaryWorker` over `model` and
   * `embedder`, started here (pass your own to close it, or to share it).
   */
  summaries?: SummaryWorker;
  /** Alerts accepted per source schema (default 100/s, bursts of 2,000); `false`: no limit. */
  rateLimit?: RateLimit | false;
  /** Fetches SNS signing certificates (default: over https from Amazon's SNS hosts only, cached). */
  fetchSnsCertificate?: FetchSnsCertificate;
  /** Confirms an SNS subscription by fetching its SubscribeURL (default: `fetch`, Amazon's SNS hosts only). */
  confirmSnsSubscription?: (url: string) => Promise<void>;
  /** Called after each stored alert, or each duplicate folded into one (for logging and notifications). */
  onAlert?: (event: {
    id: string;
    schema: string;
    title: string;
    severity: string;
    summarizedBy: string;
    folded: boolean;
  }) => void;
}

const minimumTokenLength = 16;

/**
 * The investigator's HTTP API (Hono): `POST /hooks/alert/:schema` stores alerts and answers once they are
 * durable, before any model is asked (`201` with each alert's id, fallback title, severity, IOCs and
 * whether it folded into an open duplicate; the model's summary and the embedding follow in the
 * background, except that without a model a lexical embedder's vector is stored with the alert). A body is one alert (a JSON object), an array of alerts (all stored or none, the failing
 * index named), an Amazon SNS message (signature verified, subscriptions confirmed) or a Google Pub/Sub
 * push message. `GET /health` answers `{ ok: true }`. Every hook request needs the webhook token:
 * `Authorization: Bearer <token>`, Basic auth with the token as password (SNS), or `?token=` (Pub/Sub
 * push), compared in constant time. Errors are JSON `{ error: { code, message } }` (400 naming input and
 * position, 401, 404, 413, 415, 429 with Retry-After). Serve it with `startServer`.
 *
 * @example
 * const app = createServer({ store, token: process.env.INVESTIGATOR_WEBHOOK_TOKEN });
 * const server = await startServer({ app, port: 8787 });
 */
export function createServer({
  store,
  token,
  model,
  embedder = createHashingEmbedder(),
  maxBodyBytes = 1024 * 1024,
  summaries,
  rateLimit = { perSecond: 100, burst: 2000 },
  fetchSnsCertificate = createSnsCertificateFetcher(),
  confirmSnsSubscription = confirmByFetch,
  onAlert,
}: CreateServerOptions): Hono {
  if (token.length < minimumTokenLength) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `the webhook token must have at least ${minimumTokenLength} characters (found ${token.length}); generate one with: openssl rand -hex 32`,
    });
  }
  const alerts = createAlertStore(store);
  const jobs = summaries ?? createSummaryWorker({ store, model, embedder });
  if (summaries === undefined) jobs.start();
  const limiter = rateLimit === false ? undefined : createRateLimiter(rateLimit);
  const preparing = createPreparePool();
  const app = new Hono();
  const error = (code: string, message: string) => ({ error: { code, message } });

  app.get('/health', (c) => c.json({ ok: true }));

  app.use('/hooks/*', async (c, next) => {
    if (!carriesToken(c.req.header('authorization') ?? '', c.req.query('token'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="investigator"');
      return c.json(
        error('unauthorized', 'expected the header Authorization: Bearer <token>, with the webhook token'),
        401,
      );
    }
    await next();
  });

  app.post('/hooks/alert/:schema', limitBody(maxBodyBytes), async (c) => {
    const type = c.req.header('content-type') ?? '';
    // SNS posts its JSON as text/plain.
    const sns = c.req.header('x-amz-sns-message-type') !== undefined;
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type) && !(sns && /^text\/plain\b/i.test(type))) {
      return c.json(
        error(
          'unsupported_media_type',
          `expected Content-Type: application/json, found ${JSON.stringify(type)}`,
        ),
        415,
      );
    }
    const schema = c.req.param('schema');
    const wait = limiter?.take(schema);
    if (wait !== undefined) {
      c.header('Retry-After', String(wait));
      return c.json(
        error(
          'too_many_requests',
          `more alerts from ${schema} than the webhook accepts; try again in ${wait} s`,
        ),
        429,
      );
    }
    try {
      const delivery = await readAlertDelivery({
        bytes: new Uint8Array(await c.req.arrayBuffer()),
        input: `POST /hooks/alert/${schema} body`,
        maxBytes: maxBodyBytes,
        fetchSnsCertificate,
      });
      if (delivery.kind === 'sns-subscription') {
        if (delivery.type === 'SubscriptionConfirmation') {
          try {
            await confirmSnsSubscription(delivery.subscribeUrl);
          } catch (failure) {
            const reason = failure instanceof Error ? failure.message : String(failure);
            return c.json(
              error('bad_gateway', `the SNS subscription could not be confirmed: ${reason}`),
              502,
            );
          }
        }
        return c.json({
          sns: delivery.type,
          topicArn: delivery.topicArn,
          confirmed: delivery.type === 'SubscriptionConfirmation',
        });
      }
      // Every alert is checked before any is stored: a batch is all or nothing. The IOC extraction of a
      // large alert runs in a worker thread, so other requests are answered meanwhile.
      checkSchemaName(schema, `POST /hooks/alert/${schema} body`);
      const prepared = await preparing.prepare(
        delivery.alerts.map((one) => ({
          raw: one.raw,
          value: one.value,
          schema,
          embedder: embedder.id,
          input: one.input,
        })),
      );
      // Without a model to wait for, a lexical embedder's vector is stored with the alert: no job.
      const inline = jobs.ingestEmbedder;
      const vectors = inline === undefined ? [] : await inline.embed(prepared.map(alertEmbeddingText));
      const stored = await alerts.receiveAll(
        inline === undefined
          ? prepared
          : prepared.map((alert, index) => ({ ...alert, embedder: inline.id, embedding: vectors[index] })),
      );
      // Only an alert stored without its vector (or waiting for the model) has a job to do.
      if (stored.some(({ alert, folded }) => !folded && alert.summaryPending)) jobs.wake();
      for (const { alert, folded } of stored) {
        onAlert?.({
          id: alert.id,
          schema,
          title: alert.title,
          severity: alert.severity,
          summarizedBy: alert.summarizedBy,
          folded,
        });
      }
      const answers = stored.map(({ alert, folded }) => answer(alert, folded));
      const created = stored.some(({ folded }) => !folded) ? 201 : 200;
      return c.json(delivery.batch ? { alerts: answers } : answers[0], created);
    } catch (caught) {
      if (KiokuError.isInstance(caught) && caught.name === 'InvalidAlertError') {
        return c.json(error('invalid_alert', caught.message), 400);
      }
      throw caught;
    }
  });

  app.notFound((c) =>
    c.json(
      error('not_found', `no route ${c.req.method} ${c.req.path}; alerts go to POST /hooks/alert/<schema>`),
      404,
    ),
  );
  app.onError((caught, c) => {
    if (caught instanceof URIError)
      return c.json(error('invalid_request', `the path is not valid: ${caught.message}`), 400);
    // A storage failure or a bug: say so without details that could leak the store's location.
    console.error(`investigator serve: ${caught instanceof Error ? caught.message : String(caught)}`);
    return c.json(error('internal', 'the alert could not be stored; see the server log'), 500);
  });
  return app;
}

function answer(alert: Alert, folded: boolean) {
  return {
    id: alert.id,
    title: alert.title,
    severity: alert.severity,
    iocs: alert.iocs,
    iocsOmitted: alert.iocsOmitted,
    summarizedBy: alert.summarizedBy,
    summaryPending: alert.summaryPending,
    folded,
    occurrences: alert.occurrences,
  };
}

/** The webhook token as a bearer token, as the password of Basic auth (SNS), or as `?token=` (Pub/Sub push). */
function carriesToken(header: string, query: string | undefined, token: string): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (bearer !== undefined) return tokensEqual(bearer, token);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)?.[1];
  if (basic !== undefined) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    return tokensEqual(decoded.slice(decoded.indexOf(':') + 1), token);
  }
  return query !== undefined && tokensEqual(query, token);
}

async function confirmByFetch(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok)
    throw new Error(`confirming the SNS subscription: ${new URL(url).host} answered ${response.status}`);
}
