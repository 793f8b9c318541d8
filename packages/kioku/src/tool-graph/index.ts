export { type AgentEvent, replyAction } from './agent-event.js';
export { agentEvents } from './agent-events.js';
export {
  actionOf,
  createToolGraph,
  type ToolGraph,
  type ToolGraphData,
  type ToolGraphOptions,
  type ToolGraphWeights,
  type ToolPrediction,
} from './tool-graph.js';
