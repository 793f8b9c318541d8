import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The quick tier (`npm run test:fast`): everything but the tests that replay the recorded runs in
 * ../shared, start servers or browsers, kill processes, or spawn the CLI. `npm test` runs them all.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        '**/real-trajectories.test.ts',
        '**/durability.test.ts',
        '**/*-conformance.test.ts',
        '**/render-report.test.ts',
        'packages/kioku/src/cli/**',
        'test/**',
      ],
    },
  }),
);
