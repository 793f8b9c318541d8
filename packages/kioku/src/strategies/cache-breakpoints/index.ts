export {
  type CacheBreakpointsOptions,
  type CacheBreakpointsState,
  cacheBreakpoints,
} from './cache-breakpoints.js';
