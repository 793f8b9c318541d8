// What `require('kioku')` loads: kioku is an ES module package, so say so instead of failing obscurely.
throw new Error(
  "kioku is ESM-only: use `import { kiokuMiddleware } from 'kioku'` (or `await import('kioku')` from CommonJS). " +
    'It needs Node.js 22 or newer.',
);
