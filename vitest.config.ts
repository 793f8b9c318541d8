import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'bench/**/*.test.ts',
      'samples/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // Two test files at a time on a 2-core machine (vitest's default is one fewer than the cores): most
    // of the slow files wait on a child process (the built CLI, PGlite, PostgreSQL, Chromium) that runs on
    // the other core. Nothing shares state across files: each makes its own temporary directories, ports
    // and clusters, and only test/packed-package.test.ts packs the package.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
