import { type FormEvent, useEffect, useState } from 'react';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';

/** Sign-in: a user's name and password, single sign-on when configured, or the admin token `serve` printed once. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [withToken, setWithToken] = useState(false);
  const [oidc, setOidc] = useState(false);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    api<{ oidc: boolean }>('/auth-methods')
      .then((methods) => setOidc(methods.oidc))
      .catch(() => setOidc(false));
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    api('/login', { method: 'POST', body: withToken ? { token } : { name, password } })
      .then(() => {
        setPassword('');
        setToken('');
        onSignedIn();
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  };
  return (
    <main className="login">
      <h1>Investigator</h1>
      {oidc ? (
        <p>
          <a className="button" href="/api/oidc/login">
            Sign in with single sign-on
          </a>
        </p>
      ) : null}
      <form onSubmit={submit} aria-label="Sign in">
        {withToken ? (
          <label htmlFor="token">
            Admin token
            <input
              id="token"
              type="password"
              autoComplete="current-password"
              value={token}
              onChange={(event) => setToken(event.target.value)}
              required
            />
          </label>
        ) : (
          <>
            <label htmlFor="name">
              User name
              <input
                id="name"
                autoComplete="username"
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
              />
            </label>
            <label htmlFor="password">
              Password
              <input
                id="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            </label>
          </>
        )}
        <button type="submit">Sign in</button>
        <ErrorMessage error={error} />
      </form>
      <p className="hint">
        <button type="button" className="link" onClick={() => setWithToken(!withToken)}>
          {withToken ? 'Sign in with a user name instead' : 'Sign in with the admin token'}
        </button>
        {withToken ? ' The token was printed once, when `investigator serve` first ran on this store.' : null}
      </p>
    </main>
  );
}
