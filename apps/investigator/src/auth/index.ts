export {
  type ConsoleAuth,
  type ConsoleUser,
  type CreateConsoleAuthOptions,
  createConsoleAuth,
} from './create-console-auth.js';
export {
  createSignInThrottle,
  type FailureLimit,
  type SignInRefusal,
  type SignInThrottle,
  type SignInThrottleOptions,
} from './create-sign-in-throttle.js';
export { ensureAdminToken } from './ensure-admin-token.js';
export { hashAdminToken } from './hash-admin-token.js';
export { resetAdminToken } from './reset-admin-token.js';
export { verifyAdminToken } from './verify-admin-token.js';
