import { ConfigurationError } from 'kioku';

/** A limit on failed sign-ins: at most `failures` within a sliding window of `windowMs` milliseconds. */
export interface FailureLimit {
  failures: number;
  windowMs: number;
}

/** Options of {@link createSignInThrottle}. */
export interface SignInThrottleOptions {
  /** Failed sign-ins one client address may make (default 5 per 15 minutes). */
  perClient?: FailureLimit;
  /** Failed sign-ins from all clients together (default 50 per 15 minutes): many addresses guessing at once. */
  global?: FailureLimit;
  /** Admin-token verifications (scrypt, 16 MiB and tens of milliseconds each) running at once (default 2). */
  maxVerifications?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** Why a sign-in is refused before its token is checked, and when to try again. */
export interface SignInRefusal {
  /** `client`: this address failed too often; `global`: all clients did; `busy`: verifications are all in use. */
  reason: 'client' | 'global' | 'busy';
  /** Whole seconds until a new attempt can be accepted (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
}

/** The sign-in throttle of the web console. */
export interface SignInThrottle {
  /**
   * Reserves a verification for `client`: a `release` function to call once the token is checked, or why
   * the attempt is refused (nothing is verified then, so a refused attempt costs no scrypt).
   */
  begin(client: string): { release: () => void } | SignInRefusal;
  /** Records a failed sign-in of `client` (a wrong token). */
  failed(client: string): void;
  /** Forgets `client`'s failures after it signed in (the global count keeps them). */
  succeeded(client: string): void;
}

/**
 * Throttles the console's sign-in: failed attempts are counted per client address and over all clients in
 * sliding windows, and past either limit an attempt is refused with the seconds until the oldest counted
 * failure leaves the window; the number of admin-token verifications running at once is bounded, so
 * sign-in attempts cannot occupy the CPU and memory with scrypt. Clients tracked are bounded by the
 * global limit (failures outside every window are dropped).
 *
 * @example
 * const throttle = createSignInThrottle({ perClient: { failures: 5, windowMs: 15 * 60_000 } });
 */
export function createSignInThrottle({
  perClient = { failures: 5, windowMs: 15 * 60_000 },
  global = { failures: 50, windowMs: 15 * 60_000 },
  maxVerifications = 2,
  now = Date.now,
}: SignInThrottleOptions = {}): SignInThrottle {
  for (const [name, limit] of [
    ['perClient', perClient],
    ['global', global],
  ] as const) {
    if (!Number.isInteger(limit.failures) || limit.failures < 1 || !(limit.windowMs > 0)) {
      throw new ConfigurationError({
        name: 'ConfigurationError',
        message: `createSignInThrottle: ${name} expected { failures: a positive integer, windowMs: a positive number }, found ${JSON.stringify(limit)}`,
      });
    }
  }
  if (!Number.isInteger(maxVerifications) || maxVerifications < 1) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `createSignInThrottle: maxVerifications expected a positive integer, found ${maxVerifications}`,
    });
  }
  const clients = new Map<string, number[]>();
  let all: number[] = [];
  let running = 0;

  const recent = (times: number[], windowMs: number, at: number) => times.filter((t) => t > at - windowMs);
  const wait = (times: number[], limit: FailureLimit, at: number) =>
    times.length < limit.failures
      ? undefined
      : Math.max(1, Math.ceil(((times[times.length - limit.failures] ?? at) + limit.windowMs - at) / 1000));
  const prune = (at: number) => {
    all = recent(all, global.windowMs, at);
    for (const [client, times] of clients) {
      const kept = recent(times, perClient.windowMs, at);
      if (kept.length === 0) clients.delete(client);
      else clients.set(client, kept);
    }
  };

  return {
    begin(client) {
      const at = now();
      prune(at);
      const mine = wait(clients.get(client) ?? [], perClient, at);
      if (mine !== undefined) return { reason: 'client', retryAfterSeconds: mine };
      const everyone = wait(all, global, at);
      if (everyone !== undefined) return { reason: 'global', retryAfterSeconds: everyone };
      if (running >= maxVerifications) return { reason: 'busy', retryAfterSeconds: 1 };
      running += 1;
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          running -= 1;
        },
      };
    },
    failed(client) {
      const at = now();
      all.push(at);
      clients.set(client, [...(clients.get(client) ?? []), at]);
    },
    succeeded(client) {
      clients.delete(client);
    },
  };
}
