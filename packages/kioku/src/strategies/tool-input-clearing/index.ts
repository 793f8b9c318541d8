export {
  describeClearedInput,
  type ToolInputClearingOptions,
  type ToolInputClearingState,
  toolInputClearing,
} from './tool-input-clearing.js';
