export { assertValidHistory } from './assert-valid-history.js';
export { distinctToolCallIds } from './distinct-tool-call-ids.js';
export { findToolPairs, type ToolPair, type ToolPairing } from './find-tool-pairs.js';
export type { HistoryViolation, HistoryViolationKind } from './history-violation.js';
export { type MessageSize, messageSize } from './message-size.js';
export { messageText, toolOutputText } from './message-text.js';
export { isObservation, markObservation } from './observation-mark.js';
export { type MessageSpan, splitSteps, splitTurns } from './split-turns.js';
export { type ValidateHistoryOptions, validateHistory } from './validate-history.js';
