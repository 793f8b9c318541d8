export {
  type ConsoleAuth,
  type ConsoleUser,
  type CreateConsoleAuthOptions,
  createConsoleAuth,
} from './create-console-auth.js';
export { ensureAdminToken } from './ensure-admin-token.js';
export { hashAdminToken } from './hash-admin-token.js';
export { verifyAdminToken } from './verify-admin-token.js';
