export {
  type RecallOutputOptions,
  type RecallSource,
  recallOutput,
  recallOutputToolName,
} from './recall-output.js';
