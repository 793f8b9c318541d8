import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.js';

describe('runInProcess', () => {
  it('captures what a run writes and its exit code, then restores the process', async () => {
    const before = {
      cwd: process.cwd(),
      env: process.env,
      write: process.stdout.write,
      exitCode: process.exitCode,
    };
    const run = await runInProcess(
      async () => {
        console.log('out %d', 1);
        process.stdout.write('raw\n');
        console.error('err');
        process.stderr.write(Buffer.from('bytes\n'));
        expect(process.cwd()).toBe(tmpdir());
        expect(process.env).toEqual({ ONLY: 'this' });
        expect(process.stdout.isTTY).toBeUndefined();
        process.exitCode = 3;
      },
      { cwd: tmpdir(), env: { ONLY: 'this' } },
    );
    expect(run).toEqual({ status: 3, stdout: 'out 1\nraw\n', stderr: 'err\nbytes\n' });
    expect({
      cwd: process.cwd(),
      env: process.env,
      write: process.stdout.write,
      exitCode: process.exitCode,
    }).toEqual(before);
  });

  it('exits 0 when the run sets no code, and 1 with the error on standard error when it throws', async () => {
    expect((await runInProcess(async () => undefined)).status).toBe(0);
    const thrown = await runInProcess(async () => {
      throw new Error('a bug');
    });
    expect(thrown.status).toBe(1);
    expect(thrown.stderr).toMatch(/^Error: a bug\n\s+at /);
    expect(process.exitCode).toBeUndefined();
  });
});
