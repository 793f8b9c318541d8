export { type AgentEvent, replyAction } from './agent-event.js';
export { agentEvents } from './agent-events.js';
export { canonicalJson } from './canonical-json.js';
export {
  type EvaluateToolPredictionOptions,
  evaluateToolPrediction,
  narrowedTools,
  type ThresholdOutcome,
  type ToolPredictionEvaluation,
} from './evaluate-tool-prediction.js';
export {
  createParameterFiller,
  type FilledInput,
  type ParameterFiller,
  type ParameterFillerOptions,
} from './parameter-filler.js';
export {
  actionOf,
  createToolGraph,
  type ToolGraph,
  type ToolGraphData,
  type ToolGraphOptions,
  type ToolGraphWeights,
  type ToolPrediction,
} from './tool-graph.js';
