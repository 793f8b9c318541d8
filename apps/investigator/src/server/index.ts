export { type CreateServerOptions, createServer } from './create-server.js';
export { type RunningServer, type StartServerOptions, startServer } from './start-server.js';
export { tokensEqual } from './tokens-equal.js';
