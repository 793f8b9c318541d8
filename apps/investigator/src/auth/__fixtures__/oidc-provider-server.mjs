#!/usr/bin/env node
// A real OpenID Connect provider for the tests, in its own process: `oidc-provider` (a certified
// OpenID Provider implementation) on loopback, with one confidential client whose redirect URI comes from
// OIDC_REDIRECT_URI, and its development sign-in pages (a login form that takes any name, then a consent
// page). The account's `preferred_username` is the name typed in. Prints `ready <issuer>` when listening.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const redirectUri = process.env.OIDC_REDIRECT_URI;
const clientId = process.env.OIDC_CLIENT_ID ?? 'investigator-console';
const clientSecret = process.env.OIDC_CLIENT_SECRET;
if (!redirectUri || !clientSecret) {
  console.error('oidc-provider-server: set OIDC_REDIRECT_URI and OIDC_CLIENT_SECRET');
  process.exit(2);
}
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
  findAccount: (_context, id) => ({
    accountId: id,
    claims: () => ({ sub: id, preferred_username: id, name: id, email: `${id}@example.org`, email_verified: true }),
  }),
  pkce: { required: () => true },
  cookies: { keys: ['a cookie key of the test provider'] },
});
provider.on('server_error', (_context, error) => console.error(`oidc-provider-server: ${error.message}`));
server.on('request', provider.callback());
process.stdout.write(`ready ${issuer}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
