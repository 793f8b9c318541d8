import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';

interface User {
  name: string;
  role: 'viewer' | 'analyst' | 'admin';
  hasPassword: boolean;
  oidcSubject?: string;
  disabled: boolean;
}
interface Session {
  handle: string;
  userName: string;
  via: string;
  createdAt: string;
  expiresAt: string;
}
interface Entry {
  id: number;
  at: string;
  actor: { name: string; via: string };
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
}

const roles = ['viewer', 'analyst', 'admin'] as const;

/** The admin's page: users and their roles, live sessions (revoke), and the audit log (export as JSON lines). */
export function AdminPage() {
  const [users, setUsers] = useState<User[]>([]);
  const [sessions, setSessions] = useState<Session[]>([]);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [error, setError] = useState<string | undefined>();
  const load = useCallback(() => {
    const fail = (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught));
    api<{ users: User[] }>('/users').then((answer) => setUsers(answer.users), fail);
    api<{ sessions: Session[] }>('/sessions').then((answer) => setSessions(answer.sessions), fail);
    api<{ entries: Entry[] }>('/audit').then((answer) => setEntries(answer.entries), fail);
  }, []);
  useEffect(load, [load]);
  const change = (path: string, body: unknown, method = 'POST') =>
    api(path, { method, body }).then(load, (caught: unknown) =>
      setError(caught instanceof Error ? caught.message : String(caught)),
    );

  return (
    <section aria-labelledby="admin-heading" className="admin">
      <h1 id="admin-heading">Administration</h1>
      <ErrorMessage error={error} />
      <h2>Users</h2>
      <table aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Sign-in</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.name}>
              <td>{user.name}</td>
              <td>
                <select
                  aria-label={`Role of ${user.name}`}
                  value={user.role}
                  onChange={(event) =>
                    void change(`/users/${encodeURIComponent(user.name)}`, { role: event.target.value })
                  }
                >
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {[
                  user.hasPassword ? 'password' : undefined,
                  user.oidcSubject === undefined ? undefined : 'single sign-on',
                ]
                  .filter(Boolean)
                  .join(', ') || 'single sign-on (not yet linked)'}
              </td>
              <td>
                <button
                  type="button"
                  onClick={() =>
                    void change(`/users/${encodeURIComponent(user.name)}`, { disabled: !user.disabled })
                  }
                >
                  {user.disabled ? `Enable ${user.name}` : `Disable ${user.name}`}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AddUser onAdd={(body) => change('/users', body)} />
      <h2>Sessions</h2>
      <ul>
        {sessions.map((session) => (
          <li key={session.handle}>
            {session.userName} ({session.via}), until{' '}
            <time dateTime={session.expiresAt}>{new Date(session.expiresAt).toLocaleString()}</time>{' '}
            <button
              type="button"
              onClick={() =>
                void change(`/sessions/${encodeURIComponent(session.handle)}`, undefined, 'DELETE')
              }
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <h2>Audit log</h2>
      <p>
        <a href="/api/audit.jsonl" download>
          Export as JSON lines
        </a>
      </p>
      <div className="table-scroll">
        <table aria-label="Audit log" data-testid="audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Target</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entries
              .slice()
              .reverse()
              .map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                  </td>
                  <td>
                    {entry.actor.name} ({entry.actor.via})
                  </td>
                  <td>{entry.action}</td>
                  <td>{entry.target ?? ''}</td>
                  <td>
                    <code>{entry.after === undefined ? '' : JSON.stringify(entry.after)}</code>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function AddUser({ onAdd }: { onAdd: (body: unknown) => Promise<void> }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onAdd({ name, role, ...(password === '' ? {} : { password }) }).then(() => {
      setName('');
      setPassword('');
    });
  };
  return (
    <form className="filters" aria-label="Add a user" onSubmit={submit}>
      <label htmlFor="new-user">
        Name
        <input id="new-user" value={name} onChange={(event) => setName(event.target.value)} required />
      </label>
      <label htmlFor="new-role">
        Role
        <select id="new-role" value={role} onChange={(event) => setRole(event.target.value)}>
          {roles.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor="new-password">
        Password (empty: single sign-on only)
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit">Add user</button>
    </form>
  );
}
