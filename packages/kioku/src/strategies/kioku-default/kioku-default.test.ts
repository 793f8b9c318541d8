import { describe } from 'vitest';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { kiokuDefault } from './kioku-default.js';

describe('kiokuDefault', () => {
  describe('conformance with every tool-aware rule on', () => {
    strategyConformance({
      numRuns: 2000,
      make: () =>
        kiokuDefault({
          keep: 1,
          batchSize: 2,
          minTokens: 16,
          keepReferenced: Number.POSITIVE_INFINITY,
          lookupTokens: 400,
          structuredOnly: true,
          maskRepeated: true,
          skipKnown: true,
        }),
    });
  });

  describe('conformance with a finite keepReferenced', () => {
    strategyConformance({
      numRuns: 2000,
      make: () => kiokuDefault({ keep: 1, batchSize: 2, minTokens: 16, keepReferenced: 3, payback: false }),
    });
  });
});
