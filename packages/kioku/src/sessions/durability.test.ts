import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const built = join(repository, 'packages/kioku/dist/entry/store-loader.js');

// Five kills keep this test quick on a loaded machine; bench/store/kill.mjs runs the full 200. With seed 8
// the kill modes (drawn from the seed alone, not from timings) are: during the first startup, right
// after an acknowledgement, then three at random moments of writing.
const kills = 5;
const seed = 8;

describe('sessions on a PGlite directory survive kill -9', () => {
  it(
    `keeps every acknowledged write and a sound store through ${kills} SIGKILLs`,
    () => {
      // The writer is a separate node process running the built library: `npm run build` first.
      if (!existsSync(built))
        throw new Error(`${built} does not exist: run \`npm run build\` before this test`);
      const out = join(mkdtempSync(join(tmpdir(), 'kioku-kill-report-')), 'store-kill.json');
      try {
        const run = spawnSync(
          process.execPath,
          ['bench/store/kill.mjs', '--kills', String(kills), '--seed', String(seed), '--out', out],
          { cwd: repository, encoding: 'utf8' },
        );
        expect(run.stderr).not.toContain('exited by itself');
        const report = JSON.parse(readFileSync(out, 'utf8'));
        expect(report.failures).toEqual([]);
        expect(report).toMatchObject({ kills, ok: true, lostAcknowledgedWrites: 0 });
        expect(report.killedRightAfterAnAcknowledgement).toBe(1);
        expect(report.killedWhileWriting).toBeGreaterThanOrEqual(4);
        expect(report.acknowledged.appends).toBeGreaterThan(0);
        expect(run.status).toBe(0);
      } finally {
        rmSync(join(out, '..'), { recursive: true, force: true });
      }
    },
    // Not a time limit on the store: a guard against a hung writer, far above a loaded machine's minute.
    15 * 60_000,
  );
});
