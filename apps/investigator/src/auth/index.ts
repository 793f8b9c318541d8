export { actingUser } from './acting-user.js';
export {
  type ConsoleAuth,
  type ConsoleUser,
  type CreateConsoleAuthOptions,
  createConsoleAuth,
} from './create-console-auth.js';
export {
  createLoginSessions,
  type LoginSession,
  type LoginSessions,
  type SignInMethod,
} from './create-login-sessions.js';
export {
  createOidcSignIn,
  type OidcIdentity,
  type OidcSignIn,
  type OidcSignInOptions,
} from './create-oidc-sign-in.js';
export {
  createSignInThrottle,
  type FailureLimit,
  type SignInRefusal,
  type SignInThrottle,
  type SignInThrottleOptions,
} from './create-sign-in-throttle.js';
export { createUserStore, type UserStore } from './create-user-store.js';
export { ensureAdminToken } from './ensure-admin-token.js';
export { hashAdminToken } from './hash-admin-token.js';
export { hashPassword } from './hash-password.js';
export { PermissionError } from './permission-error.js';
export { resetAdminToken } from './reset-admin-token.js';
export { parseRole, type Role, roleAllows, roles } from './role.js';
export type { User } from './user.js';
export { UserInputError } from './user-input-error.js';
export { verifyAdminToken } from './verify-admin-token.js';
export { verifyPassword } from './verify-password.js';
