import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { geminiOverflowDetector } from './gemini-overflow-detector.js';

overflowDetectorConformance({
  make: geminiOverflowDetector,
  overflows: {
    'gemini-input-token-count.json': { tokensSent: 3_475_108, tokenLimit: 1_048_576 },
    'gemini-code-assist-array.json': { tokensSent: 1_200_293, tokenLimit: 1_048_576 },
    'gemini-without-count.json': { tokenLimit: 1_048_576 },
  },
});
