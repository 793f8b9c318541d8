/**
 * kioku/transcripts: readers and writers of agent-log formats. Importers turn a recorded run (OpenAI chat,
 * Anthropic messages, Gemini contents, mini-swe-agent, SWE-agent, OpenHands, tau-bench, excytin) into a
 * `Transcript` of AI SDK messages; writers turn a history back into a provider's format.
 *
 * @example
 * import { loadTranscripts } from 'kioku/transcripts';
 * const { transcripts, errors } = await loadTranscripts(['runs/']);
 *
 * @module kioku/transcripts
 */

// errors of this layer
export {
  FileContentError,
  type FileContentProblem,
  InputFileError,
  TranscriptFormatError,
  type TriedFormat,
  UnknownTranscriptFormatError,
} from '../errors/index.js';

// transcripts
export {
  type AttachedUsageLog,
  aiSdkMessagesImporter,
  aiSdkUiMessagesImporter,
  anthropicMessagesImporter,
  attachBfclQuestions,
  attachUsageLog,
  type BfclQuestionRow,
  bfclGoldImporter,
  decodeUtf8,
  defaultImporters,
  detectFormat,
  excytinAgentImporter,
  excytinEnvImporter,
  geminiContentsImporter,
  type Importer,
  type ImportTranscriptOptions,
  importParsed,
  importTranscript,
  isBfclQuestions,
  kiokuSessionExportImporter,
  type LoadedFile,
  type LoadedTranscripts,
  type LoadTranscriptsOptions,
  loadTranscripts,
  markObservations,
  miniSweAgentImporter,
  type ObservationTurns,
  openAIChatImporter,
  openHandsCompletionImporter,
  type PythonCall,
  parsePythonCall,
  type ReadOptions,
  type RecordedCall,
  type RecordedUsage,
  readInputFile,
  readUsageLog,
  sweAgentImporter,
  type Transcript,
  type TranscriptFormat,
  tau2BenchImporter,
  tauBenchImporter,
  transcriptFormats,
  type UsageLogRow,
} from '../transcripts/index.js';

// transcript writers
export {
  type AnthropicConversation,
  type GeminiConversation,
  type OpenAIChatMessageOut,
  toAnthropicConversation,
  toGeminiConversation,
  toOpenAIChatMessages,
  type WrittenTranscript,
  writeCompacted,
} from '../transcripts/writers/index.js';
