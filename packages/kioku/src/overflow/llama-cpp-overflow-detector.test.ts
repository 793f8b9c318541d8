import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { llamaCppOverflowDetector } from './llama-cpp-overflow-detector.js';

overflowDetectorConformance({
  make: llamaCppOverflowDetector,
  overflows: {
    'llama-cpp-exceed-context-size.json': { tokensSent: 14_429, tokenLimit: 8192 },
    'llama-cpp-exceed-context-size-500.json': { tokensSent: 1407, tokenLimit: 256 },
  },
});
