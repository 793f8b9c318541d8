import { fileURLToPath } from 'node:url';

/**
 * Where the recorded agent runs live: `KIOKU_TRAJECTORIES`, or `../shared/data/trajectories` beside the
 * repository (the same from `src/test/` and from `dist/test/`). Tests and benches resolve it here only.
 */
export const trajectoriesDir: string =
  process.env.KIOKU_TRAJECTORIES ??
  fileURLToPath(new URL('../../../../../shared/data/trajectories', import.meta.url));
