import { useCallback, useEffect, useState } from 'react';
import { AlertPage } from './alert-page.js';
import { AlertsPage } from './alerts-page.js';
import { ApiError, api } from './api.js';
import { LoginPage } from './login-page.js';
import { MemoryPage } from './memory-page.js';
import { SettingsPage } from './settings-page.js';
import { useHashRoute } from './use-hash-route.js';

interface User {
  name: string;
  via: 'login' | 'proxy';
}

/** The console: sign-in, then the alerts, an alert's investigation, memory and settings. */
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
    <div className="layout">
      <header>
        <nav aria-label="Main">
          <strong>Investigator</strong>
          <a href="#/alerts" aria-current={page === undefined || page === 'alerts' ? 'page' : undefined}>
            Alerts
          </a>
          <a href="#/memory" aria-current={page === 'memory' ? 'page' : undefined}>
            Memory
          </a>
          <a href="#/settings" aria-current={page === 'settings' ? 'page' : undefined}>
            Settings
          </a>
        </nav>
        <span className="user">
          {user.name}
          {user.via === 'login' ? (
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
        ) : page === 'memory' ? (
          <MemoryPage />
        ) : page === 'settings' ? (
          <SettingsPage />
        ) : (
          <AlertsPage />
        )}
      </main>
    </div>
  );
}
