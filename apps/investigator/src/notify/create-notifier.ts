import type { Notification } from './notification.js';
import { signPayload } from './sign-payload.js';
import { slackMessage } from './slack-message.js';

/** Where notifications go. */
export interface NotifierOptions {
  /** A Slack incoming webhook's URL. */
  slackWebhookUrl?: string | undefined;
  /** A generic outbound webhook: JSON `{ type, at, … }` signed with `secret` (`X-Investigator-Signature`). */
  webhook?: { url: string; secret: string } | undefined;
  /** The console's address, for links in Slack messages. */
  consoleUrl?: string | undefined;
  /** Attempts per delivery (default 4); 5xx, 429 and network errors are retried, other 4xx are not. */
  attempts?: number;
  /** Milliseconds before retry `n` (1-based); default 1 s, 4 s, 16 s… (a 429's `Retry-After` wins). */
  backoffMs?: (retry: number) => number;
  /** Each delivery's outcome (default: failures to standard error). */
  onDelivery?: (outcome: DeliveryOutcome) => void;
  fetch?: typeof fetch;
  /** Waits between attempts (default `setTimeout`); tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** How one delivery ended. */
export interface DeliveryOutcome {
  target: 'slack' | 'webhook';
  type: Notification['type'];
  ok: boolean;
  attempts: number;
  /** The last status or error. */
  detail: string;
}

/** Sends notifications in the background; `flush` waits for the deliveries under way. */
export interface Notifier {
  /** Queues a notification (never throws, never blocks the caller). */
  notify(notification: Notification): void;
  /** Resolves when every queued delivery has ended (delivered or given up). */
  flush(): Promise<void>;
  /** Whether any target is configured. */
  readonly enabled: boolean;
}

/**
 * Notifies the team on Slack (an incoming webhook) and/or a generic outbound webhook (JSON, signed with
 * HMAC-SHA256: `signPayload`), each delivery retried with exponential backoff on 5xx, 429 and network
 * errors. Deliveries run in the background, so a slow receiver never holds an analyst's request.
 *
 * @example
 * const notifier = createNotifier({ slackWebhookUrl: process.env.INVESTIGATOR_SLACK_WEBHOOK_URL });
 * notifier.notify({ type: 'alert.created', alert: { id, title, severity: 'critical' } });
 */
export function createNotifier({
  slackWebhookUrl,
  webhook,
  consoleUrl,
  attempts = 4,
  backoffMs = (retry) => 1000 * 4 ** (retry - 1),
  onDelivery = (outcome) => {
    if (!outcome.ok) {
      console.error(
        `investigator: ${outcome.target} notification ${outcome.type} not delivered after ${outcome.attempts} attempt(s): ${outcome.detail}`,
      );
    }
  },
  fetch: send = fetch,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
}: NotifierOptions): Notifier {
  const running = new Set<Promise<void>>();
  const deliver = async (
    target: DeliveryOutcome['target'],
    type: Notification['type'],
    url: string,
    body: string,
    headers: () => Record<string, string>,
  ) => {
    let detail = '';
    let tried = 0;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      tried = attempt;
      let wait = backoffMs(attempt);
      try {
        const response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers() },
          body,
        });
        await response.body?.cancel();
        detail = `HTTP ${response.status}`;
        if (response.ok) {
          onDelivery({ target, type, ok: true, attempts: attempt, detail });
          return;
        }
        if (response.status !== 429 && response.status < 500) break;
        const retryAfter = Number(response.headers.get('retry-after'));
        if (response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0)
          wait = retryAfter * 1000;
      } catch (error) {
        detail = error instanceof Error ? error.message : String(error);
      }
      if (attempt < attempts) await sleep(wait);
    }
    onDelivery({ target, type, ok: false, attempts: tried, detail });
  };
  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  return {
    enabled: slackWebhookUrl !== undefined || webhook !== undefined,
    notify(notification) {
      if (slackWebhookUrl !== undefined) {
        const body = JSON.stringify(slackMessage(notification, consoleUrl));
        track(deliver('slack', notification.type, slackWebhookUrl, body, () => ({})));
      }
      if (webhook !== undefined) {
        const body = JSON.stringify({ ...notification, at: new Date(now()).toISOString() });
        track(
          deliver('webhook', notification.type, webhook.url, body, () => ({
            'x-investigator-event': notification.type,
            'x-investigator-signature': signPayload({
              body,
              secret: webhook.secret,
              timestamp: Math.floor(now() / 1000),
            }),
          })),
        );
      }
    },
    async flush() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
