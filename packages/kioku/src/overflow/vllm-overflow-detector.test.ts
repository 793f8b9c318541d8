import { overflowDetectorConformance } from '../test/overflow-detector-conformance.js';
import { vllmOverflowDetector } from './vllm-overflow-detector.js';

overflowDetectorConformance({
  make: vllmOverflowDetector,
  overflows: {
    'vllm-maximum-context-length.json': {
      tokenLimit: 131_072,
      tokensSent: 156_632,
      promptTokens: 152_536,
      completionTokens: 4096,
    },
    'vllm-completion-fills-window.json': {
      tokenLimit: 6048,
      tokensSent: 6616,
      promptTokens: 568,
      completionTokens: 6048,
    },
  },
});
