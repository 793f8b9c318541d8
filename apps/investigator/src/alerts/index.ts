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
  maxAlertIocs,
  type NewAlert,
} from './alert.js';
export { alertEmbeddingText } from './alert-embedding-text.js';
export { type AlertEntities, alertEntities } from './alert-entities.js';
export { alertFingerprint } from './alert-fingerprint.js';
export { type AlertIocs, alertIocs } from './alert-iocs.js';
export {
  type AlertSort,
  alertSorts,
  exactAlertCount,
  type ListAlertsOptions,
  maxAlertPage,
} from './alert-list-query.js';
export type { AlertListItem } from './alert-row.js';
export { AlertStateError } from './alert-state-error.js';
export { type AlertSummary, alertSummarySchema } from './alert-summary.js';
export { checkEmbeddingSpace } from './check-embedding-space.js';
export {
  type AlertStore,
  createAlertStore,
  type ReceivedAlert,
  type ResolveAlertInput,
  type SearchAlertsInput,
  type SimilarAlert,
} from './create-alert-store.js';
export {
  createSummaryWorker,
  type SummaryWorker,
  type SummaryWorkerOptions,
} from './create-summary-worker.js';
export { type EmbedderFromSpecOptions, embedderFromSpec } from './embedder-from-spec.js';
export {
  type AlertEmbeddingSpace,
  type EmbeddingSpaceCheck,
  EmbeddingSpaceError,
} from './embedding-space-error.js';
export { fallbackSummary } from './fallback-summary.js';
export { type IngestAlertOptions, ingestAlert } from './ingest-alert.js';
export { InvalidAlertError } from './invalid-alert-error.js';
export type { AlertPage } from './list-alerts.js';
export { maxAlertDepth, type ParseAlertInputOptions, parseAlertInput } from './parse-alert-input.js';
export { checkSchemaName, type PrepareAlertOptions, prepareAlert } from './prepare-alert.js';
export {
  type AlertDelivery,
  type DeliveredAlert,
  type ReadAlertDeliveryOptions,
  readAlertDelivery,
} from './read-alert-delivery.js';
export { type SummarizeAlertOptions, type SummarizedAlert, summarizeAlert } from './summarize-alert.js';
export { UnknownAlertError } from './unknown-alert-error.js';
export {
  createSnsCertificateFetcher,
  type FetchSnsCertificate,
  isSnsUrl,
  type SnsMessage,
  snsStringToSign,
  verifySnsMessage,
} from './verify-sns-message.js';
