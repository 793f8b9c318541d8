import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { DrizzleStore } from 'kioku/store/drizzle';
import type { Actor } from '../../audit/index.js';
import { createAuditLog } from '../../audit/index.js';
import type { ConsoleAuth, OidcSignIn, SignInRefusal, SignInThrottle } from '../../auth/index.js';
import { limitBody } from '../limit-body.js';
import type { ConsoleEnv } from './console-env.js';
import { sessionCookie } from './console-guard.js';

/** The cookie holding a started single sign-on's key (SameSite=Lax: the provider's redirect back is cross-site). */
const oidcCookie = 'investigator_oidc';

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions {
  store: DrizzleStore;
  auth: ConsoleAuth;
  throttle: SignInThrottle;
  clientAddress: (c: Context) => string;
  /** Single sign-on, when configured. */
  oidc?: OidcSignIn | undefined;
  /**
   * Whether a configured reverse proxy stands in front (`trustProxy` or `proxyHeader`): its
   * `X-Forwarded-Proto: https` then marks cookies `Secure` (any client could send it to a bare server).
   */
  behindProxy?: boolean;
}

/**
 * The console's sign-in routes: `POST /login` (`{ token }`, the admin token, or `{ name, password }`),
 * throttled per client and in all; `POST /logout`; `GET /session` (the user and role); `GET /auth-methods`
 * (whether single sign-on is offered); `GET /oidc/login` and `GET /oidc/callback` (OpenID Connect). Every
 * sign-in, refusal and sign-out is written to the audit log.
 */
export function authRoutes({
  store,
  auth,
  throttle,
  clientAddress,
  oidc,
  behindProxy = false,
}: AuthRoutesOptions): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const audit = createAuditLog(store);
  const error = (code: string, message: string) => ({ error: { code, message } });
  const record = (actor: Actor, action: string, after?: unknown) =>
    audit.record(store.db, {
      actor,
      action,
      target: `user:${actor.name}`,
      ...(after === undefined ? {} : { after }),
    });
  // The browser reached us over TLS: directly, or through the trusted proxy that says so.
  const overTls = (c: Context) =>
    new URL(c.req.url).protocol === 'https:' ||
    (behindProxy &&
      (c.req.header('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase() === 'https');
  const startSession = (c: Context, session: string) =>
    setCookie(c, sessionCookie, session, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: overTls(c),
    });

  app.post('/login', limitBody(4096, 'a sign-in body'), async (c) => {
    const client = clientAddress(c);
    // The whole body first: a client sending it slowly holds only its own connection, never one of the
    // few verification slots (which would lock the admin out).
    const body = (await c.req.json().catch(() => undefined)) as
      | { token?: unknown; name?: unknown; password?: unknown }
      | undefined;
    const slot = throttle.begin(client);
    if (!('release' in slot)) {
      c.header('Retry-After', String(slot.retryAfterSeconds));
      return c.json(error('too_many_requests', refusalMessage(slot)), 429);
    }
    let session: string | undefined;
    // At most 64 characters, as a user name has: a refused name is recorded in the audit log.
    const name = typeof body?.name === 'string' ? body.name.trim().slice(0, 64) : '';
    const byToken = name === '';
    try {
      if (byToken) {
        const token = typeof body?.token === 'string' ? body.token.trim() : '';
        session = token === '' ? undefined : await auth.loginToken(token);
      } else {
        const password = typeof body?.password === 'string' ? body.password : '';
        session = password === '' ? undefined : await auth.loginPassword(name, password);
      }
    } finally {
      slot.release();
    }
    const actor: Actor = byToken ? { name: 'admin', via: 'token' } : { name, via: 'password' };
    if (session === undefined) {
      throttle.failed(client);
      await record(actor, 'user.sign-in-refused', { client });
      return c.json(
        error('unauthorized', byToken ? 'that is not the admin token' : 'wrong user name or password'),
        401,
      );
    }
    throttle.succeeded(client);
    await record(actor, 'user.sign-in', { client });
    startSession(c, session);
    const user = await auth.user({ sessionId: session, header: () => undefined });
    return c.json({ user });
  });

  app.post('/logout', async (c) => {
    const session = getCookie(c, sessionCookie);
    if (session !== undefined) await auth.logout(session);
    deleteCookie(c, sessionCookie, { path: '/' });
    const user = c.get('user');
    await record({ name: user.name, via: user.via }, 'user.sign-out');
    return c.json({ ok: true });
  });

  app.get('/session', (c) => c.json({ user: c.get('user') }));
  app.get('/auth-methods', (c) => c.json({ oidc: oidc !== undefined }));

  app.get('/oidc/login', async (c) => {
    if (oidc === undefined) return c.json(error('not_found', 'single sign-on is not configured'), 404);
    const { url, pending } = await oidc.start();
    setCookie(c, oidcCookie, pending, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/oidc',
      maxAge: 600,
      secure: overTls(c),
    });
    return c.redirect(url, 302);
  });

  app.get('/oidc/callback', async (c) => {
    if (oidc === undefined) return c.json(error('not_found', 'single sign-on is not configured'), 404);
    const pending = getCookie(c, oidcCookie);
    deleteCookie(c, oidcCookie, { path: '/api/oidc' });
    let identity: Awaited<ReturnType<OidcSignIn['finish']>>;
    try {
      identity = await oidc.finish({ callbackUrl: c.req.url, pending });
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      await record({ name: 'unknown', via: 'oidc' }, 'user.sign-in-refused', { reason: message });
      return c.html(signInFailed(`Single sign-on failed: ${message}`), 401);
    }
    const user = await auth.users.signInOidc(identity);
    if (user === undefined) {
      await record({ name: identity.username ?? identity.subject, via: 'oidc' }, 'user.sign-in-refused', {
        subject: identity.subject,
        reason: 'no active user of this console',
      });
      return c.html(
        signInFailed(
          `Single sign-on worked, but ${identity.username ?? identity.subject} is not a user of this console: ask an admin to add you.`,
        ),
        403,
      );
    }
    const session = await auth.loginUser(user.name, 'oidc');
    await record({ name: user.name, via: 'oidc' }, 'user.sign-in', { subject: identity.subject });
    startSession(c, session);
    return c.redirect('/', 302);
  });

  return app;
}

function refusalMessage({ reason, retryAfterSeconds }: SignInRefusal): string {
  const again = `try again in ${retryAfterSeconds} s`;
  if (reason === 'client') return `too many failed sign-ins from this address; ${again}`;
  if (reason === 'global') return `too many failed sign-ins to this console; ${again}`;
  return `other sign-ins are being verified; ${again}`;
}

/** A plain page for a failed single sign-on (the message is escaped; the console's CSP allows no script). */
function signInFailed(message: string): string {
  const escaped = message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title></head><body><main><h1>Sign-in failed</h1><p role="alert">${escaped}</p><p><a href="/">Back to the console</a></p></main></body></html>`;
}
