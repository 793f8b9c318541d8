export { isMemoryBlock, memoryBlock, memoryBlockMarker, renderMemory } from './memory-block.js';
export {
  type MemoryBufferEdit,
  type MemoryBufferOptions,
  type MemoryBufferState,
  memoryBuffer,
} from './memory-buffer.js';
export { emptyMemory, type MemoryItems } from './memory-items.js';
export { memoryConsolidationPrompt, memoryExtractionPrompt } from './memory-prompts.js';
export { type MemoryEntity, type MemoryExtraction, memorySchema } from './memory-schema.js';
export { mergeMemory } from './merge-memory.js';
export { trimMemory } from './trim-memory.js';
