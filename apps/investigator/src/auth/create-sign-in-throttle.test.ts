import { describe, expect, it } from 'vitest';
import { createSignInThrottle } from './create-sign-in-throttle.js';

const minute = 60_000;

describe('createSignInThrottle', () => {
  it('refuses a client after its failures, with the seconds until the oldest leaves the window', () => {
    let clock = 0;
    const throttle = createSignInThrottle({
      perClient: { failures: 3, windowMs: 10 * minute },
      global: { failures: 100, windowMs: 10 * minute },
      now: () => clock,
    });
    for (const at of [0, minute, 2 * minute]) {
      clock = at;
      const slot = throttle.begin('203.0.113.7');
      if (!('release' in slot)) throw new Error(`refused at ${at}: ${slot.reason}`);
      slot.release();
      throttle.failed('203.0.113.7');
    }
    clock = 3 * minute;
    expect(throttle.begin('203.0.113.7')).toEqual({ reason: 'client', retryAfterSeconds: 7 * 60 });
    expect(throttle.begin('198.51.100.1')).toHaveProperty('release');
    clock = 10 * minute - 1;
    expect(throttle.begin('203.0.113.7')).toEqual({ reason: 'client', retryAfterSeconds: 1 });
    clock = 10 * minute;
    expect(throttle.begin('203.0.113.7')).toHaveProperty('release');
  });

  it('forgets a client’s failures when it signs in, but counts them globally', () => {
    let clock = 0;
    const throttle = createSignInThrottle({
      perClient: { failures: 2, windowMs: minute },
      global: { failures: 3, windowMs: minute },
      maxVerifications: 10,
      now: () => clock,
    });
    throttle.failed('a');
    throttle.failed('a');
    expect(throttle.begin('a')).toMatchObject({ reason: 'client' });
    throttle.succeeded('a');
    expect(throttle.begin('a')).toHaveProperty('release');
    throttle.failed('b');
    clock = 30_000;
    // Three failures from two addresses: every client waits until the oldest leaves the global window.
    expect(throttle.begin('c')).toEqual({ reason: 'global', retryAfterSeconds: 30 });
    clock = minute;
    expect(throttle.begin('c')).toHaveProperty('release');
  });

  it('bounds the verifications running at once, and frees a slot on release', () => {
    const throttle = createSignInThrottle({ maxVerifications: 2, now: () => 0 });
    const first = throttle.begin('a');
    const second = throttle.begin('b');
    expect(throttle.begin('c')).toEqual({ reason: 'busy', retryAfterSeconds: 1 });
    if (!('release' in first) || !('release' in second)) throw new Error('expected two slots');
    first.release();
    first.release();
    const third = throttle.begin('c');
    expect(third).toHaveProperty('release');
    expect(throttle.begin('d')).toMatchObject({ reason: 'busy' });
  });

  it('names a bad limit', () => {
    expect(() => createSignInThrottle({ perClient: { failures: 0, windowMs: minute } })).toThrow(
      /perClient expected \{ failures: a positive integer, windowMs: a positive number \}, found \{"failures":0/,
    );
    expect(() => createSignInThrottle({ maxVerifications: 1.5 })).toThrow(
      /maxVerifications expected a positive integer, found 1.5/,
    );
  });
});
