export { type Entity, type ExtractEntitiesOptions, extractEntities } from './extract-entities.js';
export { extractFacts } from './extract-facts.js';
export { extractIndicators } from './extract-indicators.js';
export { type ExtractInstructionsOptions, extractInstructions } from './extract-instructions.js';
export { type ExtractTextFactsOptions, extractTextFacts } from './extract-text-facts.js';
export { type EntityKind, type Fact, factLabels, type IndicatorKind } from './fact.js';
export { type FactCheckerOptions, factChecker } from './fact-checker.js';
export { normalizeText } from './normalize-text.js';
export {
  type FactsCap,
  type PreservedFacts,
  type PreserveFactsOptions,
  preserveFacts,
} from './preserve-facts.js';
export {
  preservedFacts,
  preservedFactsHeading,
  preservedInstructions,
  type RenderPreservedFactsOptions,
  renderPreservedFacts,
} from './preserved-facts-section.js';
export { type PrioritizeFactsOptions, prioritizeFacts } from './prioritize-facts.js';
export { refang } from './refang.js';
export { fileLikeTopLevelDomains, topLevelDomains } from './top-level-domains.js';
