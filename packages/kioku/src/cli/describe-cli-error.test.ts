import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { UnknownMemoryError } from '../errors/index.js';
import { describeCliError } from './describe-cli-error.js';

const systemError = (code: string, path?: string) =>
  Object.assign(new Error(`${code}: failed`), { code, ...(path === undefined ? {} : { path }) });

describe('describeCliError', () => {
  it('prints a failed SQL statement by kind and reason, never its parameters', async () => {
    const driver = Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), {
      code: '53100',
    });
    const claim = 'SigninLogs for alice@example.com with token sk-proj-secret';
    const error = new DrizzleQueryError(
      'insert into "kioku_memories" ("claim", "query_text") values ($1, $2)',
      [claim, claim],
      driver,
    );
    const described = (await describeCliError(error)) ?? '';
    expect(described).toBe(
      'kioku: the store failed: INSERT statement: could not extend file "base/5/16384": No space left on device (53100)',
    );
    expect(described).not.toContain('alice');
  });

  it('prints a system error in one line naming the path', async () => {
    expect(await describeCliError(systemError('EROFS', '/mnt/ro/.kioku'))).toBe(
      'kioku: /mnt/ro/.kioku: read-only file system (EROFS)',
    );
    expect(await describeCliError(systemError('EACCES', '/root/report.html'))).toBe(
      'kioku: /root/report.html: permission denied (EACCES)',
    );
    expect(await describeCliError(new Error('a bug'))).toBeUndefined();
  });

  it('adds the CLI hint after a library message', async () => {
    expect(
      await describeCliError(new UnknownMemoryError({ memoryId: 4, namespace: 'soc', location: '/s' })),
    ).toBe(
      "kioku: no memory 4 in namespace 'soc' of store /s\nkioku: hint: `kioku memory list` shows the memories there are",
    );
  });
});
