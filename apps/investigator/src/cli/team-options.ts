import { type Command, Option } from 'commander';
import { ConfigurationError } from 'kioku';
import { createOidcSignIn, type OidcSignIn, type Role, roles } from '../auth/index.js';
import { type Notifier, notifierFromEnvironment } from '../notify/index.js';

/** The options of `serve` for a team: single sign-on, notifications, the proxy users' role. */
export interface TeamOptions {
  proxyRole?: Role;
  oidcIssuer?: string;
  oidcClientId?: string;
  oidcRedirectUri?: string;
  oidcUsernameClaim?: string;
  consoleUrl?: string;
}

/** Adds the team options to `serve`. Secrets (client secret, webhook URLs and keys) come from the environment only. */
export function withTeamOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--proxy-role <role>', 'the role of a --proxy-header user who is not a user of the store')
        .choices(roles)
        .default('viewer'),
    )
    .option(
      '--oidc-issuer <url>',
      'single sign-on: the OpenID Connect provider (default: $INVESTIGATOR_OIDC_ISSUER; its client secret from $INVESTIGATOR_OIDC_CLIENT_SECRET)',
    )
    .option(
      '--oidc-client-id <id>',
      "the console's client id at the provider (default: $INVESTIGATOR_OIDC_CLIENT_ID)",
    )
    .option(
      '--oidc-redirect-uri <url>',
      'the callback registered at the provider (default: $INVESTIGATOR_OIDC_REDIRECT_URI, else <console url>/api/oidc/callback)',
    )
    .option(
      '--oidc-username-claim <claim>',
      'the ID token claim naming the console user at the first sign-in',
      'preferred_username',
    )
    .option(
      '--console-url <url>',
      "the console's address as users reach it (links in notifications, the default OIDC callback; default: $INVESTIGATOR_CONSOLE_URL, else the address serve listens on)",
    );
}

/**
 * Single sign-on and the notifier from the options and the environment: OIDC when an issuer is named
 * (with `INVESTIGATOR_OIDC_CLIENT_SECRET`), Slack when `INVESTIGATOR_SLACK_WEBHOOK_URL` is set, a signed
 * webhook when `INVESTIGATOR_NOTIFY_WEBHOOK_URL` and `INVESTIGATOR_NOTIFY_SECRET` are.
 */
export function teamFromOptions(
  options: TeamOptions,
  { listenUrl, env = process.env }: { listenUrl: string; env?: Readonly<Record<string, string | undefined>> },
): { oidc: OidcSignIn | undefined; notifier: Notifier | undefined } {
  const consoleUrl = (options.consoleUrl ?? (env.INVESTIGATOR_CONSOLE_URL || listenUrl)).replace(/\/$/, '');
  const issuer = options.oidcIssuer ?? env.INVESTIGATOR_OIDC_ISSUER;
  let oidc: OidcSignIn | undefined;
  if (issuer !== undefined && issuer !== '') {
    const clientId = options.oidcClientId ?? env.INVESTIGATOR_OIDC_CLIENT_ID;
    const clientSecret = env.INVESTIGATOR_OIDC_CLIENT_SECRET;
    if (clientId === undefined || clientId === '' || clientSecret === undefined || clientSecret === '') {
      throw new ConfigurationError({
        name: 'ConfigurationError',
        message:
          'single sign-on needs --oidc-client-id (or INVESTIGATOR_OIDC_CLIENT_ID) and INVESTIGATOR_OIDC_CLIENT_SECRET',
      });
    }
    oidc = createOidcSignIn({
      issuer,
      clientId,
      clientSecret,
      redirectUri:
        options.oidcRedirectUri ?? env.INVESTIGATOR_OIDC_REDIRECT_URI ?? `${consoleUrl}/api/oidc/callback`,
      ...(options.oidcUsernameClaim === undefined ? {} : { usernameClaim: options.oidcUsernameClaim }),
    });
  }
  const notifier = notifierFromEnvironment({ consoleUrl, env });
  return { oidc, notifier };
}
