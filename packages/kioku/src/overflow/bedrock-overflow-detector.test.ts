import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { bedrockOverflowDetector } from './bedrock-overflow-detector.js';

overflowDetectorConformance({
  make: bedrockOverflowDetector,
  overflows: {
    'bedrock-input-too-long.json': { message: 'Input is too long for requested model.' },
    'bedrock-prompt-too-long.json': { tokensSent: 200_049, tokenLimit: 200_000 },
  },
});
