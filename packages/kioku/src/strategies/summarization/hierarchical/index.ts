export { type CutLongMessageOptions, cutLongMessage } from './cut-long-message.js';
export { cutText } from './cut-text.js';
export {
  type SummarizeMessagesOptions,
  type SummaryResult,
  summarizeMessages,
} from './summarize-messages.js';
export { summarizerWindow } from './summarizer-window.js';
