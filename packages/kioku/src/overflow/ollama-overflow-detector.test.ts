import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { ollamaOverflowDetector } from './ollama-overflow-detector.js';

overflowDetectorConformance({
  make: ollamaOverflowDetector,
  overflows: {
    'ollama-exceed-context-size.json': { tokensSent: 351, tokenLimit: 256 },
    'ollama-input-length.json': { message: 'the input length exceeds the context length' },
  },
});
