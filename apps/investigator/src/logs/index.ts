export { type BigQueryField, type BigQueryRow, bigQueryRows } from './bigquery-rows.js';
export { checkReadOnlyText, type ReadOnlyText } from './check-read-only-text.js';
export { type ConfiguredBigQueryDataset, configuredBigQueryDataset } from './configured-bigquery-dataset.js';
export { countStatements } from './count-statements.js';
export { type BigQueryClientOptions, createBigQueryClient } from './create-bigquery-client.js';
export { createLogAgent, type LogAgentOptions } from './create-log-agent.js';
export {
  createResultPages,
  type FetchedResult,
  type ResultPages,
  type ResultPagesOptions,
} from './create-result-pages.js';
export { defaultLogDatabase } from './default-log-database.js';
export { type DuckDbGuardSettingsOptions, duckDbGuardSettings } from './duckdb/duckdb-guard-settings.js';
export { estimatePlan } from './duckdb/estimate-plan.js';
export { type DuckDbLogEngineOptions, openDuckDbLogEngine } from './duckdb/open-duckdb-log-engine.js';
export { formatQueryResult } from './format-query-result.js';
export { detectLogFormat, type LogFileFormat, logFileFormats } from './import/detect-log-format.js';
export {
  type ImportLogFilesOptions,
  type ImportLogFilesResult,
  importLogFiles,
} from './import/import-log-files.js';
export {
  type ImportLogFilesToBigQueryOptions,
  importLogFilesToBigQuery,
} from './import/import-log-files-to-bigquery.js';
export type { TimestampColumn } from './import/timestamp-columns.js';
export { defaultRunbooksDir, loadRunbooks, parseRunbook, type Runbook } from './load-runbooks.js';
export {
  type LoadProgress,
  type LoadSecurityLogsOptions,
  type LoadSecurityLogsResult,
  loadSecurityLogs,
} from './load-security-logs.js';
export { logAgentPrompt } from './log-agent-prompt.js';
export { type LogAgentToolsOptions, logAgentTools } from './log-agent-tools.js';
export type {
  ColumnInfo,
  LogEngine,
  QueryEstimate,
  QueryOptions,
  QueryResult,
  TableInfo,
} from './log-engine.js';
export { LogLoadError } from './log-load-error.js';
export { LogQueryError, type LogQueryRefusal } from './log-query-error.js';
export { logsRunPromptSection } from './logs-run-prompt-section.js';
export { type BigQueryLogEngineOptions, openBigQueryLogEngine } from './open-bigquery-log-engine.js';
export { openConfiguredLogEngine } from './open-configured-log-engine.js';
export { RunbookError } from './runbook-error.js';
export { type SecurityLogFormat, type SecurityLogTable, securityLogTables } from './security-log-tables.js';
