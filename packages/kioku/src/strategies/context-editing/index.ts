export {
  type ContextEditingOptions,
  type ContextEditingState,
  type ContextEditingTrigger,
  contextEditing,
} from './context-editing.js';
