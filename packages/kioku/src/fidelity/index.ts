export type { CallFidelity } from './call-fidelity.js';
export type { DistinctiveFact, DistinctiveFactKind } from './distinctive-fact.js';
export { extractDistinctiveFacts } from './extract-distinctive-facts.js';
export { type FidelityMeter, fidelityMeter, type MeasureFidelityOptions } from './fidelity-meter.js';
export { type FidelityRates, fidelityRates } from './fidelity-rates.js';
export { type FidelityTotals, fidelityTotals } from './fidelity-totals.js';
export { type ResponseFacts, responseFacts } from './response-facts.js';
