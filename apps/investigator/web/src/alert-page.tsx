import { useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import { CasePanel } from './case-panel.js';
import { ChatPanel } from './chat-panel.js';
import { ContextPanel } from './context-panel.js';
import { ErrorMessage } from './error-message.js';
import type { AlertDetail, IocPage, IocVerdict } from './types.js';

const iocPageSize = 50;

/** One alert: its attributes, IOCs with verdicts, similar and merged alerts, its case, chat and context. */
export function AlertPage({ id }: { id: string }) {
  const [detail, setDetail] = useState<AlertDetail | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [turns, setTurns] = useState(0);
  const [iocs, setIocs] = useState<{ offset: number; items: IocVerdict[] } | undefined>();
  const load = useCallback(() => {
    api<AlertDetail>(`/alerts/${encodeURIComponent(id)}`)
      .then(setDetail)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [id]);
  useEffect(load, [load]);
  if (error !== undefined) return <ErrorMessage error={error} />;
  if (detail === undefined) return <p className="loading">Loading…</p>;
  const { alert } = detail;
  const shown = iocs ?? { offset: 0, items: alert.iocs };
  const pageIocs = (offset: number) =>
    api<IocPage>(`/alerts/${encodeURIComponent(id)}/iocs?offset=${offset}&limit=${iocPageSize}`)
      .then((page) => setIocs({ offset, items: page.iocs }))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  return (
    <div className="alert-page">
      <section className="alert-detail" aria-labelledby="alert-title">
        <p>
          <a href="#/alerts">← Alerts</a>
        </p>
        <h1 id="alert-title">{alert.title}</h1>
        <p>
          <span className={`severity severity-${alert.severity}`}>{alert.severity}</span> · {alert.schema} ·{' '}
          <time dateTime={alert.createdAt}>{new Date(alert.createdAt).toLocaleString()}</time> ·{' '}
          <span data-testid="alert-status">{alert.status}</span>
        </p>
        <p>{alert.description}</p>
        <h2>Attributes</h2>
        <dl className="attributes">
          {Object.entries(alert.attributes).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2>Indicators</h2>
        {alert.iocs.length === 0 ? (
          <p>None found.</p>
        ) : (
          <table aria-label="Indicators of compromise" className="iocs">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Value</th>
                <th scope="col">Threat intel</th>
              </tr>
            </thead>
            <tbody>
              {shown.items.map((ioc) => (
                <tr key={`${ioc.kind}:${ioc.value}`}>
                  <td>{ioc.kind}</td>
                  <td>
                    <code>{ioc.value}</code>
                  </td>
                  <td>
                    <span className={`verdict verdict-${ioc.verdict}`}>{ioc.verdict}</span>
                    {ioc.sources.length === 0 ? null : ` (${ioc.sources.join(', ')})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {alert.iocsTotal > iocPageSize || alert.iocsOmitted > 0 ? (
          <nav className="pager" aria-label="Indicator pages">
            <span>
              {shown.offset + 1}–{shown.offset + shown.items.length} of {alert.iocsTotal}
              {alert.iocsOmitted > 0 ? ` (and ${alert.iocsOmitted} more not kept)` : ''}
            </span>
            <button
              type="button"
              disabled={shown.offset === 0}
              onClick={() => pageIocs(Math.max(0, shown.offset - iocPageSize))}
            >
              Previous
            </button>
            <button
              type="button"
              disabled={shown.offset + shown.items.length >= alert.iocsTotal}
              onClick={() => pageIocs(shown.offset + iocPageSize)}
            >
              Next
            </button>
          </nav>
        ) : null}
        <h2>Similar alerts</h2>
        <AlertLinks alerts={detail.similar.map((entry) => entry.alert)} empty="None." />
        <h2>Merged into this one</h2>
        <AlertLinks alerts={detail.merged} empty="None." />
        <CasePanel alert={alert} onChange={load} />
        <details>
          <summary>Original JSON</summary>
          <pre>{alert.raw}</pre>
        </details>
      </section>
      <ChatPanel alertId={alert.id} onTurn={() => setTurns((count) => count + 1)} />
      <ContextPanel alertId={alert.id} refresh={turns} />
    </div>
  );
}

function AlertLinks({ alerts, empty }: { alerts: { id: string; title: string }[]; empty: string }) {
  if (alerts.length === 0) return <p>{empty}</p>;
  return (
    <ul>
      {alerts.map((other) => (
        <li key={other.id}>
          <a href={`#/alerts/${encodeURIComponent(other.id)}`}>{other.title}</a>
        </li>
      ))}
    </ul>
  );
}
