import { type FormEvent, useState } from 'react';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';

/** Sign-in with the admin token `investigator serve` printed once. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    api('/login', { method: 'POST', body: { token } })
      .then(() => {
        setToken('');
        onSignedIn();
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  };
  return (
    <main className="login">
      <h1>Investigator</h1>
      <form onSubmit={submit}>
        <label htmlFor="token">Admin token</label>
        <input
          id="token"
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          required
        />
        <button type="submit">Sign in</button>
        <ErrorMessage error={error} />
      </form>
      <p className="hint">The token was printed once, when `investigator serve` first ran on this store.</p>
    </main>
  );
}
