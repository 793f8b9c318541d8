import type { LanguageModel } from 'ai';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ConfigurationError, KiokuError } from 'kioku';
import { createHashingEmbedder, type Embedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { createAlertStore, EmbeddingSpaceError, ingestAlert } from '../alerts/index.js';
import { tokensEqual } from './tokens-equal.js';

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /** An open investigator store (`openInvestigatorStore`). */
  store: DrizzleStore;
  /** The bearer token every webhook request must carry (at least 16 characters). */
  token: string;
  /** Writes alert summaries; without it, the deterministic fallback does. */
  model?: LanguageModel | undefined;
  /** Embeds alerts for `similar` (default: kioku's hashing embedder, offline). */
  embedder?: Embedder;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Called after each stored alert (for logging). */
  onAlert?: (event: {
    id: string;
    schema: string;
    title: string;
    severity: string;
    summarizedBy: string;
  }) => void;
}

const minimumTokenLength = 16;

/**
 * The investigator's HTTP API (Hono): `POST /hooks/alert/:schema` ingests one alert (a JSON object; the
 * same as `investigator new --schema <schema>`) and answers `201` with the stored alert's id, title,
 * severity and IOCs; `GET /health` answers `{ ok: true }`. Every hook request needs
 * `Authorization: Bearer <token>` (compared in constant time); errors are JSON
 * `{ error: { code, message } }` (400 bad JSON naming line and column, 401, 404, 413, 415). There is no
 * route that resolves an alert. Serve it with `startServer`.
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
  onAlert,
}: CreateServerOptions): Hono {
  if (token.length < minimumTokenLength) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `the webhook token must have at least ${minimumTokenLength} characters (found ${token.length}); generate one with: openssl rand -hex 32`,
    });
  }
  const alerts = createAlertStore(store);
  const app = new Hono();
  const error = (code: string, message: string) => ({ error: { code, message } });

  app.get('/health', (c) => c.json({ ok: true }));

  app.use('/hooks/*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] === undefined || !tokensEqual(match[1], token)) {
      c.header('WWW-Authenticate', 'Bearer realm="investigator"');
      return c.json(
        error('unauthorized', 'expected the header Authorization: Bearer <token>, with the webhook token'),
        401,
      );
    }
    await next();
  });

  app.post(
    '/hooks/alert/:schema',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.json(error('too_large', `expected a body of at most ${maxBodyBytes} bytes`), 413),
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
        return c.json(
          error(
            'unsupported_media_type',
            `expected Content-Type: application/json, found ${JSON.stringify(type)}`,
          ),
          415,
        );
      }
      const schema = c.req.param('schema');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      try {
        const ingested = await ingestAlert({
          raw: bytes,
          schema,
          model,
          embedder,
          input: `POST /hooks/alert/${schema} body`,
          maxBytes: maxBodyBytes,
        });
        const alert = await alerts.create(ingested);
        onAlert?.({
          id: alert.id,
          schema,
          title: alert.title,
          severity: alert.severity,
          summarizedBy: alert.summarizedBy,
        });
        return c.json(
          {
            id: alert.id,
            title: alert.title,
            severity: alert.severity,
            iocs: alert.iocs,
            summarizedBy: alert.summarizedBy,
          },
          201,
        );
      } catch (caught) {
        if (KiokuError.isInstance(caught) && caught.name === 'InvalidAlertError') {
          return c.json(error('invalid_alert', caught.message), 400);
        }
        if (EmbeddingSpaceError.isInstance(caught)) {
          return c.json(error('embedding_space', caught.message), 409);
        }
        throw caught;
      }
    },
  );

  app.notFound((c) =>
    c.json(
      error('not_found', `no route ${c.req.method} ${c.req.path}; alerts go to POST /hooks/alert/<schema>`),
      404,
    ),
  );
  app.onError((caught, c) => {
    // A storage failure or a bug: say so without details that could leak the store's location.
    console.error(`investigator serve: ${caught instanceof Error ? caught.message : String(caught)}`);
    return c.json(error('internal', 'the alert could not be stored; see the server log'), 500);
  });
  return app;
}
