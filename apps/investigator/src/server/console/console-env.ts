import type { ConsoleUser } from '../../auth/index.js';

/** The Hono environment of the console's API routes: the signed-in user, set by `consoleGuard`. */
export interface ConsoleEnv {
  Variables: { user: ConsoleUser };
}
