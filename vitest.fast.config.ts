import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The quick tier (`npm run test:fast`): everything but the tests that replay the recorded runs in
 * ../shared, start servers or browsers, kill processes, spawn the CLI, node, npm or tsc, or open
 * stores (store/ and sessions/; the investigator's CLI tests). `npm test` runs them all.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      // Test files share a worker's module cache instead of each importing kioku afresh: per-file
      // start-up was most of the time (191 files: 3 min 15 s isolated, 83 s shared, quiet machine).
      // `npm test` keeps vitest's default isolation, so a test that leaks state still fails there.
      isolate: false,
      // The strategy conformance suite's property test: 1,000 generated histories instead of 10,000.
      env: { KIOKU_PROPERTY_RUNS: '1000' },
      exclude: [
        ...configDefaults.exclude,
        '**/real-trajectories.test.ts',
        'bench/peers/check.test.ts',
        '**/durability.test.ts',
        '**/*-conformance.test.ts',
        '**/render-report.test.ts',
        '**/cache-accuracy.test.ts',
        '**/compare-with-recorded.test.ts',
        'packages/kioku/src/cli/**',
        'packages/kioku/src/entry/consumer-types.test.ts',
        'packages/kioku/src/entry/entry-loads.test.ts',
        'packages/kioku/src/entry/reference-docs.test.ts',
        'packages/kioku/src/memory/memory.test.ts',
        'packages/kioku/src/store/**',
        'packages/kioku/src/sessions/**',
        'test/**',
        'apps/*/src/cli/**',
        'apps/*/src/e2e/**',
        'apps/*/src/**/*.e2e.test.ts',
      ],
    },
  }),
);
