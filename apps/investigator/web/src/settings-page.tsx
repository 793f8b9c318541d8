import { useEffect, useState } from 'react';
import { api } from './api.js';

interface Settings {
  model: string | null;
  logEngine: string;
  threatIntel: { name: string; keyPresent: boolean }[];
  embedder: string | null;
  contextWindow: number;
  proxyHeader: string | null;
}

/** How the server is configured: model, log engine, similarity embedder, threat-intel keys present or not (never the keys). */
export function SettingsPage() {
  const [settings, setSettings] = useState<Settings | undefined>();
  useEffect(() => {
    api<Settings>('/settings').then(setSettings);
  }, []);
  if (settings === undefined) return <p className="loading">Loading…</p>;
  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      <dl className="attributes">
        <div>
          <dt>Model</dt>
          <dd>{settings.model ?? 'none (the chat is off)'}</dd>
        </div>
        <div>
          <dt>Context window</dt>
          <dd>{settings.contextWindow.toLocaleString()} tokens</dd>
        </div>
        <div>
          <dt>Log engine</dt>
          <dd>{settings.logEngine}</dd>
        </div>
        <div>
          <dt>Similarity embedder</dt>
          <dd data-testid="embedder">{settings.embedder ?? 'not reported'}</dd>
        </div>
        {settings.threatIntel.map((source) => (
          <div key={source.name}>
            <dt>{source.name}</dt>
            <dd data-testid={`intel-${source.name}`}>{source.keyPresent ? 'key present' : 'no key'}</dd>
          </div>
        ))}
        <div>
          <dt>Reverse-proxy header</dt>
          <dd>{settings.proxyHeader ?? 'off'}</dd>
        </div>
      </dl>
      <p className="hint">Change these with the options of `investigator serve`; keys are never shown.</p>
    </section>
  );
}
