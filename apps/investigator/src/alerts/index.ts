export {
  type Alert,
  type AlertConclusion,
  type AlertIoc,
  type AlertResolution,
  type AlertSeverity,
  type AlertStatus,
  alertConclusions,
  alertSeverities,
  alertStatuses,
  type NewAlert,
} from './alert.js';
export { alertEmbeddingText } from './alert-embedding-text.js';
export { alertIocs } from './alert-iocs.js';
export { AlertStateError } from './alert-state-error.js';
export { type AlertSummary, alertSummarySchema } from './alert-summary.js';
export { checkEmbeddingSpace } from './check-embedding-space.js';
export {
  type AlertStore,
  createAlertStore,
  type ListAlertsOptions,
  type ResolveAlertInput,
  type SearchAlertsInput,
  type SimilarAlert,
} from './create-alert-store.js';
export { type EmbedderFromSpecOptions, embedderFromSpec } from './embedder-from-spec.js';
export {
  type AlertEmbeddingSpace,
  type EmbeddingSpaceCheck,
  EmbeddingSpaceError,
} from './embedding-space-error.js';
export { fallbackSummary } from './fallback-summary.js';
export { type IngestAlertOptions, ingestAlert } from './ingest-alert.js';
export { InvalidAlertError } from './invalid-alert-error.js';
export { type ParseAlertInputOptions, parseAlertInput } from './parse-alert-input.js';
export { type SummarizeAlertOptions, type SummarizedAlert, summarizeAlert } from './summarize-alert.js';
export { UnknownAlertError } from './unknown-alert-error.js';
