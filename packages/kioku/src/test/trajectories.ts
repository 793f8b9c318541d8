import { existsSync } from 'node:fs';
import { describe } from 'vitest';
import { trajectoriesDir } from './trajectories-dir.js';

export { trajectoriesDir };

const available = existsSync(trajectoriesDir);
if (!available) {
  console.warn(`skipping tests on real trajectories: ${trajectoriesDir} does not exist`);
}

/** `describe` for tests that read the real trajectories; skipped, with the reason printed, without them. */
export function describeWithTrajectories(name: string, body: () => void): void {
  (available ? describe : describe.skip)(name, body);
}
