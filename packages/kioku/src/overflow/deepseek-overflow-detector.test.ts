import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { deepSeekOverflowDetector } from './deepseek-overflow-detector.js';

overflowDetectorConformance({
  make: deepSeekOverflowDetector,
  overflows: {
    'deepseek-maximum-context-length.json': {
      tokenLimit: 65_536,
      tokensSent: 68_161,
      promptTokens: 68_161,
      completionTokens: 0,
    },
    'deepseek-with-completion.json': {
      tokenLimit: 131_072,
      tokensSent: 141_980,
      promptTokens: 133_980,
      completionTokens: 8000,
    },
  },
});
