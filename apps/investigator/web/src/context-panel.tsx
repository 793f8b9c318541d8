import { useEffect, useState } from 'react';
import { compactionLabel } from '../../src/server/console/compaction-label.js';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';
import type { ConversationContext } from './types.js';

interface Original {
  from: number;
  to: number;
  messages: { index: number; role: string; text: string }[];
}

/**
 * What the agent's context holds: tokens sent vs the whole history against the window, turn by turn; each
 * compaction with its summary and a link to the original messages; cost so far and cache hit rate.
 */
export function ContextPanel({ alertId, refresh }: { alertId: string; refresh: number }) {
  const [context, setContext] = useState<ConversationContext | undefined>();
  const [original, setOriginal] = useState<Original | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void refresh;
    api<ConversationContext>(`/alerts/${encodeURIComponent(alertId)}/context`)
      .then(setContext)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [alertId, refresh]);
  // Compactions that saved nothing are not listed; the rest are said in plain words (kioku's name in the tooltip).
  const shown = (context?.compactions ?? []).flatMap((compaction) => {
    const label = compactionLabel(compaction);
    return label === undefined ? [] : [{ compaction, label }];
  });
  const showOriginal = (from: number, to: number) =>
    api<Original>(`/alerts/${encodeURIComponent(alertId)}/original?from=${from}&to=${to}`).then(setOriginal);

  return (
    <aside className="context" aria-labelledby="context-heading">
      <h2 id="context-heading">Context</h2>
      <ErrorMessage error={error} />
      {context === undefined ? null : (
        <>
          <ContextChart context={context} />
          <dl className="figures">
            <div>
              <dt>Turns</dt>
              <dd>{context.turns}</dd>
            </div>
            <div>
              <dt>Cost so far</dt>
              <dd data-testid="cost">
                {context.costUsd === undefined
                  ? 'not priced (model not in the catalog)'
                  : `$${context.costUsd.toFixed(4)}`}
              </dd>
            </div>
            <div>
              <dt>Cache hit rate</dt>
              <dd data-testid="cache-hit-rate">
                {context.cacheHitRate === undefined ? '—' : `${(context.cacheHitRate * 100).toFixed(1)} %`}
              </dd>
            </div>
            <div>
              <dt>Tokens in / out</dt>
              <dd>
                {context.inputTokens.toLocaleString()} / {context.outputTokens.toLocaleString()}
              </dd>
            </div>
          </dl>
          <h3>Compactions</h3>
          {shown.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ol className="compactions">
              {shown.map(({ compaction, label }) => (
                <li key={compaction.version} data-testid="compaction" title={compaction.strategy}>
                  <p>
                    {label}{' '}
                    <button
                      type="button"
                      onClick={() => showOriginal(compaction.replaces.from, compaction.replaces.to)}
                    >
                      Show the original
                    </button>
                  </p>
                  <details>
                    <summary>What the model sees instead</summary>
                    <pre>{compaction.summary === '' ? '(dropped)' : compaction.summary}</pre>
                  </details>
                </li>
              ))}
            </ol>
          )}
          {original === undefined ? null : (
            <section className="original" aria-label="Original messages">
              <h3>
                Original messages {original.from}–{original.to - 1}
              </h3>
              <button type="button" onClick={() => setOriginal(undefined)}>
                Close
              </button>
              <ol start={original.from}>
                {original.messages.map((message) => (
                  <li key={message.index}>
                    <strong>{message.role}</strong>
                    <pre>{message.text}</pre>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </aside>
  );
}

/** Tokens sent (solid) and the whole history (dashed) per turn, against the window (top line). */
function ContextChart({ context }: { context: ConversationContext }) {
  const width = 320;
  const height = 140;
  const top = Math.max(context.window, ...context.points.map((point) => point.originalTokens), 1);
  const x = (index: number) =>
    context.points.length <= 1 ? width / 2 : 10 + (index * (width - 20)) / (context.points.length - 1);
  const y = (tokens: number) => height - 10 - (tokens / top) * (height - 20);
  const line = (pick: (point: ConversationContext['points'][number]) => number) =>
    context.points.map((point, index) => `${x(index).toFixed(1)},${y(pick(point)).toFixed(1)}`).join(' ');
  const last = context.points[context.points.length - 1];
  const description =
    last === undefined
      ? `No turn yet; window ${context.window.toLocaleString()} tokens.`
      : `After turn ${last.turn}: ${last.contextTokens.toLocaleString()} tokens in context of ${context.window.toLocaleString()} (the whole history is ${last.originalTokens.toLocaleString()}).`;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={description} className="chart">
        <line x1="10" x2={width - 10} y1={y(context.window)} y2={y(context.window)} className="window" />
        <polyline points={line((point) => point.originalTokens)} className="original-line" />
        <polyline points={line((point) => point.contextTokens)} className="context-line" />
        {context.points.map((point, index) => (
          <circle key={point.turn} cx={x(index)} cy={y(point.contextTokens)} r="3" className="context-dot" />
        ))}
      </svg>
      <figcaption data-testid="context-summary">
        {description} Tokens {context.counter.exact ? 'counted' : 'estimated'} ({context.counter.family}).
      </figcaption>
    </figure>
  );
}
