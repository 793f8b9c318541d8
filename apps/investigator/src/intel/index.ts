export { createIntelFeeds, type FeedHit, type IntelFeeds } from './create-intel-feeds.js';
export {
  type CreateThreatIntelOptions,
  createThreatIntel,
  type ThreatIntel,
  type ThreatIntelResult,
} from './create-threat-intel.js';
export {
  type Indicator,
  type IntelVerdict,
  intelVerdicts,
  normalizeIndicator,
  parseIndicator,
} from './indicator.js';
export { InvalidFeedError } from './invalid-feed-error.js';
export { InvalidIndicatorError } from './invalid-indicator-error.js';
export { isLocalIndicator } from './local-indicator.js';
export { lookupOtx, type OtxOptions, type OtxReport } from './lookup-otx.js';
export {
  type FeedEntry,
  type ParseIndicatorFeedOptions,
  parseIndicatorFeed,
} from './parse-indicator-feed.js';
