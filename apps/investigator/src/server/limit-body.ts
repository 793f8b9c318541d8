import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's body limit with the server's error shape: a body over `maxSize` bytes gets 413 naming the limit
 * (`expected <what> of at most N bytes`), and `Connection: close`, since the rest of that body is never
 * read: a client that kept the connection would send its next request after bytes the server dropped.
 */
export const limitBody = (maxSize: number, what = 'a body') =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(
        { error: { code: 'too_large', message: `expected ${what} of at most ${maxSize} bytes` } },
        413,
      );
    },
  });
