export {
  type OpenToolGraphStoreOptions,
  openToolGraphStore,
  type SavedToolGraph,
  type ToolGraphStore,
} from './open-tool-graph-store.js';
