export { type AgentEvent, replyAction } from './agent-event.js';
export { agentEvents } from './agent-events.js';
export { type ColdStartThetaOptions, coldStartTheta, defaultToolGraphTheta } from './cold-start-theta.js';
export { actionOf } from './decision-context.js';
export {
  type EvaluateToolPredictionOptions,
  evaluateToolPrediction,
  narrowedTools,
  type ThresholdOutcome,
  type ToolPredictionEvaluation,
} from './evaluate-tool-prediction.js';
export { keyArgumentEvents } from './key-argument-events.js';
export {
  createParameterFiller,
  type FilledInput,
  type ParameterFiller,
  type ParameterFillerOptions,
} from './parameter-filler.js';
export { type ParameterFillerData, parameterFillerDataSchema } from './parameter-filler-data.js';
export { parameterFillerFromJSON } from './parameter-filler-from-json.js';
export { splitByTask } from './split-by-task.js';
export { sqlTableKey } from './sql-table-key.js';
export {
  createToolGraph,
  type PredictOptions,
  type ToolGraph,
  type ToolGraphOptions,
  type ToolGraphWeights,
  type ToolPrediction,
} from './tool-graph.js';
export { type ToolGraphData, toolGraphDataSchema } from './tool-graph-data.js';
export { ToolGraphDataError } from './tool-graph-data-error.js';
export type { ToolGraphDecision, ToolGraphNoBypassReason } from './tool-graph-decision.js';
export { toolGraphFromJSON } from './tool-graph-from-json.js';
export {
  type ToolGraphPrepareStepOptions,
  type ToolMatcher,
  toolGraphPrepareStep,
} from './tool-graph-prepare-step.js';
