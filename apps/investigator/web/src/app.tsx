import { useCallback, useEffect, useState } from 'react';
import { AdminPage } from './admin-page.js';
import { AlertPage } from './alert-page.js';
import { AlertsPage } from './alerts-page.js';
import { ApiError, api } from './api.js';
import { ApprovalsPage } from './approvals-page.js';
import { LoginPage } from './login-page.js';
import { MemoryPage } from './memory-page.js';
import { SettingsPage } from './settings-page.js';
import { useHashRoute } from './use-hash-route.js';
import { type SessionUser as User, UserContext } from './user-context.js';

/** The console: sign-in, then the alerts, an alert's investigation and case, approvals, memory, settings, and (admins) administration. */
export function App() {
  const route = useHashRoute();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const check = useCallback(() => {
    api<{ user: User }>('/session')
      .then((answer) => setUser(answer.user))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) setUser(null);
        else throw error;
      });
  }, []);
  useEffect(check, [check]);

  if (user === undefined) return <p className="loading">Loading…</p>;
  if (user === null) return <LoginPage onSignedIn={check} />;
  const [page, id] = route;
  return (
    <UserContext.Provider value={user}>
      <div className="layout">
        <header>
          <nav aria-label="Main">
            <strong>Investigator</strong>
            <a href="#/alerts" aria-current={page === undefined || page === 'alerts' ? 'page' : undefined}>
              Alerts
            </a>
            <a href="#/approvals" aria-current={page === 'approvals' ? 'page' : undefined}>
              Approvals
            </a>
            <a href="#/memory" aria-current={page === 'memory' ? 'page' : undefined}>
              Memory
            </a>
            <a href="#/settings" aria-current={page === 'settings' ? 'page' : undefined}>
              Settings
            </a>
            {user.role === 'admin' ? (
              <a href="#/admin" aria-current={page === 'admin' ? 'page' : undefined}>
                Admin
              </a>
            ) : null}
          </nav>
          <span className="user" data-testid="signed-in">
            {user.name} <span className="role">({user.role})</span>
            {user.via !== 'proxy' ? (
              <button
                type="button"
                onClick={() => api('/logout', { method: 'POST' }).then(() => setUser(null))}
              >
                Sign out
              </button>
            ) : null}
          </span>
        </header>
        <main>
          {page === 'alerts' && id !== undefined ? (
            <AlertPage key={id} id={id} />
          ) : page === 'approvals' ? (
            <ApprovalsPage />
          ) : page === 'admin' && user.role === 'admin' ? (
            <AdminPage />
          ) : page === 'memory' ? (
            <MemoryPage />
          ) : page === 'settings' ? (
            <SettingsPage />
          ) : (
            <AlertsPage />
          )}
        </main>
      </div>
    </UserContext.Provider>
  );
}
