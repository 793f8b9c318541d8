export { aiSdkMessagesImporter } from './ai-sdk-messages-importer.js';
export { aiSdkUiMessagesImporter } from './ai-sdk-ui-messages-importer.js';
export { anthropicMessagesImporter } from './anthropic-messages-importer.js';
export { attachBfclQuestions, type BfclQuestionRow, isBfclQuestions } from './attach-bfcl-questions.js';
export { type AttachedUsageLog, attachUsageLog } from './attach-usage-log.js';
export { bfclGoldImporter } from './bfcl-gold-importer.js';
export { bfclResultImporter, bfclResultNoOutput } from './bfcl-result-importer.js';
export { decodeUtf8 } from './decode-utf8.js';
export { defaultImporters } from './default-importers.js';
export { detectFormat } from './detect-format.js';
export { excytinAgentImporter } from './excytin-agent-importer.js';
export { excytinEnvImporter } from './excytin-env-importer.js';
export { geminiContentsImporter } from './gemini-contents-importer.js';
export { type ImportTranscriptOptions, importParsed, importTranscript } from './import-transcript.js';
export type { Importer, ReadOptions } from './importer.js';
export { kiokuSessionExportImporter } from './kioku-session-export-importer.js';
export {
  type LoadedFile,
  type LoadedTranscripts,
  type LoadTranscriptsOptions,
  loadTranscripts,
} from './load-transcripts.js';
export { markObservations, type ObservationTurns } from './mark-observations.js';
export { miniSweAgentImporter } from './mini-swe-agent-importer.js';
export { openAIChatImporter } from './openai-chat-importer.js';
export { openHandsCompletionImporter } from './openhands-completion-importer.js';
export { type PythonCall, parsePythonCall } from './parse-python-call.js';
export { defaultMaxFileBytes, readInputFile } from './read-input-file.js';
export { readUsageLog } from './read-usage-log.js';
export { sweAgentImporter } from './swe-agent-importer.js';
export { tauBenchImporter } from './tau-bench-importer.js';
export { tau2BenchImporter } from './tau2-bench-importer.js';
export type { RecordedCall, RecordedUsage, ToolDefinition, Transcript } from './transcript.js';
export { type TranscriptFormat, transcriptFormats } from './transcript-format.js';
export type { UsageLogRow } from './usage-log-row.js';
export * from './writers/index.js';
