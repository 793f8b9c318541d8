export { chartLibrary } from './chart-library.js';
export { renderReport } from './render-report.js';
export { type ReportData, type ReportDataOptions, type ReportTranscript, reportData } from './report-data.js';
