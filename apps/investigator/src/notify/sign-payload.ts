import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature header of an outbound webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the shared secret, so a receiver can check the sender and refuse old deliveries (replays).
 */
export function signPayload({
  body,
  secret,
  timestamp,
}: {
  body: string;
  secret: string;
  timestamp: number;
}): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * True when `header` (from {@link signPayload}) signs `body` with `secret` and its time is within
 * `toleranceSeconds` (default 300) of `now` (unix seconds). For receivers, and the tests.
 */
export function verifyPayload({
  body,
  secret,
  header,
  now,
  toleranceSeconds = 300,
}: {
  body: string;
  secret: string;
  header: string;
  now: number;
  toleranceSeconds?: number;
}): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds || parts.v1 === undefined)
    return false;
  const expected = Buffer.from(signPayload({ body, secret, timestamp }).split('v1=')[1] ?? '', 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
