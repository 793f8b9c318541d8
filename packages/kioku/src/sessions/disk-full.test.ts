import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const built = fileURLToPath(new URL('../../build/entry/store.js', import.meta.url));

describe('a session append when the disk is full', () => {
  it(
    'fails with a StorageError instead of hanging, and leaves every acknowledged message and nothing else',
    (context) => {
      // The writer is a separate node process running the built library on a small tmpfs it mounts (root).
      if (!existsSync(built))
        throw new Error(`${built} does not exist: run \`npm run build\` before this test`);
      const run = spawnSync(process.execPath, ['bench/reliability/disk-full.mjs', '--store-entry', built], {
        cwd: repository,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout);
      if (result.skipped !== undefined) {
        if (process.env.CI === 'true')
          throw new Error(`CI=true and the disk-full test cannot run: ${result.skipped}`);
        context.skip(`disk full: ${result.skipped}`);
      }
      expect(result).toMatchObject({
        outcome: 'storage-error',
        errorName: 'StoreError',
        errorMessage: expect.stringMatching(/PGlite stopped: the disk is full .*No space left on device/),
        reopened: { acknowledgedKept: true, unacknowledgedStored: 0, problems: [] },
      });
      expect(result.acknowledged).toBeGreaterThanOrEqual(20);
    },
    // The writer's own guard calls a silent minute a hang; this one only stops a stuck run.
    10 * 60_000,
  );
});
