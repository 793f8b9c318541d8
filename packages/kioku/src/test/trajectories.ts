import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';
import { trajectoriesDir } from './trajectories-dir.js';

export { trajectoriesDir };

const available = existsSync(trajectoriesDir);
const reason = `needs the recorded runs at ${trajectoriesDir} (../shared beside the repository, or KIOKU_TRAJECTORIES)`;

/**
 * `describe` for tests that read the real trajectories. Without them it skips, saying why in the suite's
 * name (nothing is printed when the module loads: importing `kioku/test` stays silent), and never runs
 * `body` (whose set-up would read them); with `CI=true` their absence is a failing test instead.
 */
export function describeWithTrajectories(name: string, body: () => void): void {
  if (available) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('has the recorded runs (CI=true)', () => {
        throw new Error(`CI=true and this suite ${reason}`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: ${reason})`, () => {
      it('reads the recorded runs', () => undefined);
    });
  }
}
