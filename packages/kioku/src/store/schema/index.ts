// The whole database, one file per concept. A new concept adds its file here and a migration
// (node packages/kioku/src/store/generate-migration.mjs <name>).

export { embeddingSpace, evictedChunks, memories } from './memories.js';
export { sessionMessages, sessions, sessionViews } from './sessions.js';
export { toolGraphs } from './tool-graphs.js';
