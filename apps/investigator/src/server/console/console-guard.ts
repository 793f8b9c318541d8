import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { type ConsoleAuth, type Role, roleAllows } from '../../auth/index.js';
import type { ConsoleEnv } from './console-env.js';

/** The cookie holding a console login's session id (HttpOnly, SameSite=Strict). */
export const sessionCookie = 'investigator_session';
/** The header every state-changing console request must carry (a cross-site form cannot set it). */
export const csrfHeader = 'x-investigator-console';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options of {@link consoleGuard}. */
export interface ConsoleGuardOptions {
  /**
   * Whether a reverse proxy stands in front of the console (`trustProxy` or `proxyHeader` set), so the
   * host it was addressed by may come in `X-Forwarded-Host`; default false: any client can send that
   * header, so only `Host` names the console.
   */
  behindProxy?: boolean;
}

/** Routes open without a signed-in user: sign-in, and the single sign-on round trip. */
const open = new Set([
  'POST /api/login',
  'GET /api/auth-methods',
  'GET /api/oidc/login',
  'GET /api/oidc/callback',
]);
/** Routes only an admin reaches: users, sessions, the audit log. */
const adminOnly = /^\/api\/(users|sessions|audit)(\/|\.|$)/;

/**
 * The role a console request needs: `admin` for users, sessions and the audit log; `analyst` for every
 * other state-changing request (resolve, reopen, assign, tag, comment, merge, chat, approve, memory
 * edits); `viewer` to read. Sign-out needs only a signed-in user. The default is deny: a new
 * state-changing route needs an analyst unless listed here.
 */
export function requiredRole(method: string, path: string): Role {
  if (adminOnly.test(path)) return 'admin';
  if (safeMethods.has(method) || (method === 'POST' && path === '/api/logout')) return 'viewer';
  return 'analyst';
}

/**
 * Guards the console's API: a state-changing request (POST, DELETE…) must carry `x-investigator-console: 1`
 * and, when the browser sends `Origin`, come from the console's own host (else 403); every route but
 * sign-in needs a signed-in user (else 401) whose role, read from the store, allows it (`requiredRole`,
 * else 403). Nothing the client sends sets a role.
 */
export function consoleGuard(
  auth: ConsoleAuth,
  { behindProxy = false }: ConsoleGuardOptions = {},
): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header('origin');
      // The console's own host: as the browser addressed it, directly or through a TLS proxy (whose
      // scheme differs from ours, so only hosts are compared; its header is read only behind one).
      const host = c.req.header('host') ?? new URL(c.req.url).host;
      const hosts = behindProxy ? [host, c.req.header('x-forwarded-host')] : [host];
      if (origin !== undefined && !hosts.includes(hostOf(origin))) {
        return c.json(
          { error: { code: 'cross_site', message: `refused: a request from ${origin} to the console` } },
          403,
        );
      }
      if (c.req.header(csrfHeader) !== '1') {
        return c.json(
          {
            error: {
              code: 'cross_site',
              message: `refused: a state-changing console request needs the header ${csrfHeader}: 1`,
            },
          },
          403,
        );
      }
    }
    if (open.has(`${c.req.method} ${c.req.path}`)) return next();
    const user = await auth.user({
      sessionId: getCookie(c, sessionCookie),
      header: (name) => c.req.header(name),
    });
    if (user === undefined) {
      return c.json({ error: { code: 'unauthorized', message: 'sign in to the console first' } }, 401);
    }
    const need = requiredRole(c.req.method, c.req.path);
    if (!roleAllows(user.role, need)) {
      return c.json(
        {
          error: {
            code: 'forbidden',
            message: `refused: ${c.req.method} ${c.req.path} needs the role ${need}; ${user.name} is a ${user.role}`,
          },
        },
        403,
      );
    }
    c.set('user', user);
    return next();
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
