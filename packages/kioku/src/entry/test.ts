/**
 * kioku/test: what kioku's own tests and benchmarks use, for yours: scripted AI SDK models, a loopback
 * HTTP server that answers like a provider, captured provider errors, token counters for tests, history
 * generators, and the conformance suites every strategy and overflow detector passes. Importing it needs
 * the optional peers `vitest` (the suites) and `fast-check` (the history generators).
 *
 * @example
 * import { strategyConformance } from 'kioku/test';
 * strategyConformance({ make: () => myStrategy() }); // inside a vitest file
 *
 * @module kioku/test
 */

export { agentHistory, validHistory } from '../test/arbitrary-history.js';
export { consumerCompilerOptions } from '../test/consumer-compiler-options.js';
export { type ErrorFixture, errorFixture, errorFixtures, fixtureError } from '../test/error-fixture.js';
export { hangingModel } from '../test/hanging-model.js';
export { headlessChromium } from '../test/headless-chromium.js';
export { lengthCounter, sized } from '../test/length-counter.js';
export {
  type LoopbackProvider,
  type LoopbackProviderOptions,
  type LoopbackReply,
  type LoopbackRequest,
  startLoopbackProvider,
} from '../test/loopback-provider-server.js';
export {
  type OverflowDetectorConformanceOptions,
  overflowDetectorConformance,
} from '../test/overflow-detector-conformance.js';
export { type PostgresCluster, postgresCluster } from '../test/postgres-cluster.js';
export { quarterCounter } from '../test/quarter-counter.js';
export { type ProcessRun, type RunInProcessOptions, runInProcess } from '../test/run-in-process.js';
export {
  quarterOfJSON,
  type ScriptedModelOptions,
  type ScriptedReply,
  scriptedModel,
} from '../test/scripted-model.js';
export { type StrategyConformanceOptions, strategyConformance } from '../test/strategy-conformance.js';
export { outputLines, type ToolStepOptions, toolStep } from '../test/tool-step.js';
export { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
