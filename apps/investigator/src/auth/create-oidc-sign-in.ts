import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { UserInputError } from './user-input-error.js';

/** Options of {@link createOidcSignIn}: the console as an OpenID Connect relying party. */
export interface OidcSignInOptions {
  /** The provider's issuer URL (its `/.well-known/openid-configuration` is read once, at the first sign-in). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: the console's `/api/oidc/callback`, as registered. */
  redirectUri: string;
  /** The claim naming the console user at the first sign-in (default `preferred_username`); later the subject links them. */
  usernameClaim?: string;
  /** How long a started sign-in may take, in milliseconds (default 10 minutes). */
  pendingMs?: number;
  now?: () => number;
}

/** The identity a completed single sign-on established. */
export interface OidcIdentity {
  /** `iss` and `sub` of the ID token (a subject is unique only within its issuer). */
  subject: string;
  /** The `usernameClaim` value, when the token has one. */
  username: string | undefined;
}

/** Single sign-on through an OpenID Connect provider (authorization code flow with PKCE, state and nonce). */
export interface OidcSignIn {
  /** Starts a sign-in: the provider URL to send the browser to, and the key of the pending sign-in (a cookie). */
  start(): Promise<{ url: string; pending: string }>;
  /**
   * Completes the sign-in the provider redirected back to (`callbackUrl`, with its `code` and `state`) for
   * the pending key the browser holds; throws when the state, nonce, PKCE or ID token does not check out.
   * A pending sign-in completes at most once.
   */
  finish(input: { callbackUrl: string; pending: string | undefined }): Promise<OidcIdentity>;
}

/**
 * The console's OpenID Connect sign-in, on `openid-client` (the certified relying-party library): the
 * provider's metadata by discovery, the authorization code flow with PKCE (S256), `state` and `nonce`
 * kept server-side under a random key (bounded to 1,000 pending sign-ins, each used once), the ID
 * token verified by the library (issuer, audience, signature, expiry, nonce), and the username claim read
 * from the ID token or else the UserInfo endpoint (checked to be about the same subject). An `http:` issuer is
 * accepted only on loopback (a local provider in tests).
 *
 * @example
 * const oidc = createOidcSignIn({ issuer: 'https://login.example.org', clientId, clientSecret, redirectUri: 'https://console.example.org/api/oidc/callback' });
 */
export function createOidcSignIn({
  issuer,
  clientId,
  clientSecret,
  redirectUri,
  usernameClaim = 'preferred_username',
  pendingMs = 10 * 60 * 1000,
  now = Date.now,
}: OidcSignInOptions): OidcSignIn {
  const issuerUrl = new URL(issuer);
  const insecure = issuerUrl.protocol === 'http:';
  if (insecure && !['127.0.0.1', 'localhost', '[::1]'].includes(issuerUrl.hostname)) {
    throw new UserInputError({
      input: 'OIDC issuer',
      expected: 'an https: URL (http: only on loopback)',
      found: issuer,
    });
  }
  let configuration: Promise<client.Configuration> | undefined;
  const config = () => {
    configuration ??= client
      .discovery(
        issuerUrl,
        clientId,
        clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
  const pending = new Map<string, { state: string; nonce: string; verifier: string; expires: number }>();
  return {
    async start() {
      const at = now();
      for (const [key, entry] of pending) if (entry.expires <= at) pending.delete(key);
      if (pending.size >= 1000) pending.delete(pending.keys().next().value as string);
      const verifier = client.randomPKCECodeVerifier();
      const entry = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        expires: at + pendingMs,
      };
      const key = randomBytes(24).toString('base64url');
      pending.set(key, entry);
      const url = client.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: entry.state,
        nonce: entry.nonce,
      });
      return { url: url.href, pending: key };
    },
    async finish({ callbackUrl, pending: key }) {
      const entry = key === undefined ? undefined : pending.get(key);
      if (key !== undefined) pending.delete(key);
      if (entry === undefined || entry.expires <= now()) {
        throw new UserInputError({
          input: 'single sign-on',
          expected: 'a sign-in started from this console in the last minutes',
          found: 'none',
        });
      }
      const tokens = await client.authorizationCodeGrant(await config(), new URL(callbackUrl), {
        pkceCodeVerifier: entry.verifier,
        expectedState: entry.state,
        expectedNonce: entry.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (claims === undefined)
        throw new UserInputError({ input: 'single sign-on', expected: 'an ID token', found: 'none' });
      // Providers put profile claims in the ID token or only at the UserInfo endpoint (as oidc-provider
      // does by default): ask it, for the ID token's subject, when the token lacks the claim.
      let username = claims[usernameClaim];
      if (username === undefined) {
        const info = await client.fetchUserInfo(await config(), tokens.access_token, claims.sub);
        username = info[usernameClaim];
      }
      return {
        subject: `${claims.iss} ${claims.sub}`,
        username: typeof username === 'string' ? username : undefined,
      };
    },
  };
}
