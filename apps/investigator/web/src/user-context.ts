import { createContext, useContext } from 'react';

/** The signed-in user, as `GET /api/session` gives it. */
export interface SessionUser {
  name: string;
  via: 'token' | 'password' | 'oidc' | 'proxy';
  role: 'viewer' | 'analyst' | 'admin';
}

const ranks = { viewer: 0, analyst: 1, admin: 2 } as const;

/** The signed-in user, for the pages that offer actions by role (the server checks every request anyway). */
export const UserContext = createContext<SessionUser | undefined>(undefined);

/** True when the signed-in user's role is `need` or above. */
export function useCan(need: SessionUser['role']): boolean {
  const user = useContext(UserContext);
  return user !== undefined && ranks[user.role] >= ranks[need];
}
