/**
 * What `import 'kioku/test'` runs (its types are `test.d.ts`'): loads the test entry, whose modules import
 * the optional peers `vitest` and `fast-check` statically, with a dynamic import, so that when either is
 * not installed the import fails with a `MissingPackageError` naming them and the command that installs
 * them, not Node's bare ERR_MODULE_NOT_FOUND.
 */
import { importOptional } from '../store/import-optional.js';
import type * as TestEntry from './test.js';

const entry: typeof TestEntry = await importOptional({
  load: () => import('./test.js'),
  packages: ['vitest', 'fast-check'],
  neededFor: 'kioku/test',
});

/** The values of `kioku/test` (see `test.ts`); a test checks that none is left out. */
export const {
  agentHistory,
  consumerCompilerOptions,
  describeWithTrajectories,
  errorFixture,
  errorFixtures,
  fixtureError,
  hangingModel,
  headlessChromium,
  lengthCounter,
  outputLines,
  overflowDetectorConformance,
  postgresCluster,
  quarterCounter,
  quarterOfJSON,
  runInProcess,
  scriptedModel,
  sized,
  startLoopbackProvider,
  strategyConformance,
  toolStep,
  trajectoriesDir,
  validHistory,
} = entry;
