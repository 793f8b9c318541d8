import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const built = fileURLToPath(new URL('../../build/store/lock-directory.js', import.meta.url));

describe('the lock of a directory store', () => {
  it(
    'lets exactly one of several processes in when they race for the lock of a killed process',
    () => {
      // Separate node processes run the built library: `npm run build` first.
      if (!existsSync(built))
        throw new Error(`${built} does not exist: run \`npm run build\` before this test`);
      const rounds = 10;
      const run = spawnSync(
        process.execPath,
        [
          'bench/reliability/stale-lock-race.mjs',
          '--lock-module',
          built,
          '--rounds',
          String(rounds),
          '--contenders',
          '8',
        ],
        { cwd: repository, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      const race = JSON.parse(run.stdout) as { results: { acquired: number; errors: string[] }[] };
      expect(race.results.flatMap((round) => round.errors)).toEqual([]);
      expect(race.results.map((round) => round.acquired)).toEqual(Array(rounds).fill(1));
    },
    // Not a time limit on the lock: a guard against a stuck child, far above a loaded machine's minutes.
    10 * 60_000,
  );
});
