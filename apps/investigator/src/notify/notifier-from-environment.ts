import { ConfigurationError } from 'kioku';
import { createNotifier, type Notifier } from './create-notifier.js';

/**
 * The notifier the environment configures, `undefined` when none is: Slack when
 * `INVESTIGATOR_SLACK_WEBHOOK_URL` is set, a signed webhook when `INVESTIGATOR_NOTIFY_WEBHOOK_URL` and
 * `INVESTIGATOR_NOTIFY_SECRET` (at least 16 characters) are. `serve` and the CLI's state-changing commands
 * use the same one, so a resolution or assignment is announced wherever it is made.
 *
 * @param options.env the environment (default `process.env`)
 * @param options.consoleUrl the console's address as users reach it, for links in Slack messages (default
 *   `INVESTIGATOR_CONSOLE_URL`; none: titles without links)
 * @throws ConfigurationError when a webhook URL is set without a long enough secret
 * @example
 * const notifier = notifierFromEnvironment();
 * notifier?.notify({ type: 'alert.resolved', alert, conclusion: 'benign', reason: 'a test', by: 'ann' });
 * await notifier?.flush();
 */
export function notifierFromEnvironment({
  env = process.env,
  consoleUrl = env.INVESTIGATOR_CONSOLE_URL || undefined,
}: {
  consoleUrl?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
} = {}): Notifier | undefined {
  const slackWebhookUrl = env.INVESTIGATOR_SLACK_WEBHOOK_URL || undefined;
  const hookUrl = env.INVESTIGATOR_NOTIFY_WEBHOOK_URL || undefined;
  const secret = env.INVESTIGATOR_NOTIFY_SECRET || undefined;
  if (hookUrl !== undefined && (secret === undefined || secret.length < 16)) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message:
        'INVESTIGATOR_NOTIFY_WEBHOOK_URL needs INVESTIGATOR_NOTIFY_SECRET (at least 16 characters) to sign each delivery',
    });
  }
  if (slackWebhookUrl === undefined && hookUrl === undefined) return undefined;
  return createNotifier({
    slackWebhookUrl,
    webhook: hookUrl === undefined || secret === undefined ? undefined : { url: hookUrl, secret },
    consoleUrl: consoleUrl === undefined ? undefined : `${consoleUrl.replace(/\/$/, '')}/`,
  });
}
