import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { anthropicOverflowDetector } from './anthropic-overflow-detector.js';

overflowDetectorConformance({
  make: anthropicOverflowDetector,
  overflows: {
    'anthropic-prompt-too-long.json': { tokensSent: 208_310, tokenLimit: 200_000 },
    'anthropic-input-and-max-tokens.json': {
      tokensSent: 199_759 + 8192,
      tokenLimit: 200_000,
      promptTokens: 199_759,
      completionTokens: 8192,
    },
  },
});
