export { chartLibrary } from './chart-library.js';
export { renderReport } from './render-report.js';
export { type ReportData, type ReportDataOptions, type ReportTranscript, reportData } from './report-data.js';
export {
  type OpenAiChatSample,
  type OpenAiChatSampleMessage,
  type SocInvestigationSampleOptions,
  socInvestigationSample,
} from './sample/soc-investigation-sample.js';
export { socInvestigationTranscript } from './sample/soc-investigation-transcript.js';
