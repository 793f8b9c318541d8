import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

/**
 * Where the recorded agent runs live: `KIOKU_TRAJECTORIES`, or `../shared/data/trajectories` beside the
 * repository.
 */
export const trajectoriesDir =
  process.env.KIOKU_TRAJECTORIES ??
  fileURLToPath(new URL('../../../../../shared/data/trajectories', import.meta.url));

const available = existsSync(trajectoriesDir);
if (!available) {
  console.warn(`skipping tests on real trajectories: ${trajectoriesDir} does not exist`);
}

/** `describe` for tests that read the real trajectories; skipped, with the reason printed, without them. */
export function describeWithTrajectories(name: string, body: () => void): void {
  (available ? describe : describe.skip)(name, body);
}
