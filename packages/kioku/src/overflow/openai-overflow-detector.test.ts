import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { openAIOverflowDetector } from './openai-overflow-detector.js';

overflowDetectorConformance({
  make: openAIOverflowDetector,
  overflows: {
    'openai-context-length-exceeded.json': {
      tokenLimit: 4097,
      tokensSent: 4120,
      promptTokens: 3120,
      completionTokens: 1000,
    },
    'openai-messages-resulted-in.json': { tokenLimit: 4097, tokensSent: 4294 },
    'openai-responses-stream-error.json': {
      message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
    },
  },
});
