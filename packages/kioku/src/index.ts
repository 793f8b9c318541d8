/**
 * kioku: keep long-running LLM agents inside their context window and budget without losing what
 * matters. Messages are the AI SDK's `ModelMessage`.
 */

export * from './agents/index.js';
export * from './ai-sdk/index.js';
export * from './baselines/index.js';
export * from './errors/index.js';
export * from './memory/index.js';
export * from './messages/index.js';
export * from './pricing/index.js';
export * from './replay/index.js';
export * from './report/index.js';
export * from './sessions/index.js';
export * from './store/index.js';
export * from './strategies/index.js';
export * from './summarization/index.js';
export * from './tokens/index.js';
export * from './transcripts/index.js';
export * from './triggers/index.js';
export * from './tool-graph/index.js';
