export { chartLibrary } from './chart-library.js';
export { renderReport } from './render-report.js';
export {
  type ReportData,
  type ReportDataOptions,
  type ReportPolicy,
  type ReportPolicyInput,
  type ReportTranscript,
  reportData,
} from './report-data.js';
