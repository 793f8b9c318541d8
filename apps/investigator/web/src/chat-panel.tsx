import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type {
  ApprovalActivity,
  ProgressLine,
  ToolActivity,
} from '../../src/server/console/chat-event-chunks.js';
import { api, csrfHeaders } from './api.js';
import { ApprovalCard } from './approval-card.js';
import { ErrorMessage } from './error-message.js';
import { Markdown } from './markdown.js';
import { useCan } from './user-context.js';

type ConsoleMessage = UIMessage<
  unknown,
  {
    tool: ToolActivity;
    approval: ApprovalActivity;
    progress: ProgressLine;
    turn: { status: string; costUsd: number | null; usage: { inputTokens?: number; outputTokens?: number } };
  }
>;

/**
 * The investigation chat over one alert: streamed answers (Markdown, sanitized) with tool calls, sub-agent
 * and plan steps, write tools' approvals (approve or reject in place), and a stop button that aborts the turn.
 */
export function ChatPanel({ alertId, onTurn }: { alertId: string; onTurn: () => void }) {
  const [input, setInput] = useState('');
  const [plan, setPlan] = useState(false);
  const transport = useMemo(
    () =>
      new DefaultChatTransport<ConsoleMessage>({
        api: `/api/alerts/${encodeURIComponent(alertId)}/chat`,
        credentials: 'same-origin',
        headers: csrfHeaders,
        prepareSendMessagesRequest: ({ messages, body }) => {
          const last = messages[messages.length - 1];
          const text = last?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
          return { body: { message: text, plan: body?.plan === true } };
        },
      }),
    [alertId],
  );
  const analyst = useCan('analyst');
  const { messages, sendMessage, setMessages, status, error, stop } = useChat<ConsoleMessage>({
    id: `alert-${alertId}`,
    transport,
    onFinish: onTurn,
  });
  useEffect(() => {
    api<{ messages: { id: string; role: 'user' | 'assistant'; text: string }[] }>(
      `/alerts/${encodeURIComponent(alertId)}/conversation`,
    ).then((answer) =>
      setMessages(
        answer.messages.map((message) => ({
          id: message.id,
          role: message.role,
          parts: [{ type: 'text', text: message.text }],
        })),
      ),
    );
  }, [alertId, setMessages]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = input.trim();
    if (text === '') return;
    setInput('');
    sendMessage({ text }, { body: { plan } });
  };
  const busy = status === 'submitted' || status === 'streaming';
  return (
    <section className="chat" aria-labelledby="chat-heading">
      <h2 id="chat-heading">Investigation</h2>
      <ol className="messages" aria-live="polite" aria-busy={busy}>
        {messages.map((message) => (
          <li key={message.id} className={`message message-${message.role}`}>
            <span className="visually-hidden">{message.role === 'user' ? 'You' : 'Agent'}:</span>
            {message.parts.map((part, index) => {
              const key = `${message.id}-${index}`;
              if (part.type === 'text') {
                return message.role === 'assistant' ? (
                  <Markdown key={key} text={part.text} />
                ) : (
                  <p key={key} className="text">
                    {part.text}
                  </p>
                );
              }
              if (part.type === 'data-approval') {
                return <ApprovalCard key={key} approval={part.data} canDecide={analyst} />;
              }
              if (part.type === 'data-tool') {
                return (
                  <p key={key} className={`tool tool-${part.data.state}`} data-testid="tool-call">
                    → {part.data.toolName} <code>{part.data.arguments}</code> · {part.data.state}
                    {part.data.error === undefined ? null : `: ${part.data.error}`}
                  </p>
                );
              }
              if (part.type === 'data-progress') {
                return (
                  <p key={key} className={`progress progress-${part.data.kind}`} data-testid="progress">
                    {part.data.text}
                  </p>
                );
              }
              if (part.type === 'data-turn') {
                return (
                  <p key={key} className="turn-cost">
                    {part.data.usage.inputTokens ?? 0} in / {part.data.usage.outputTokens ?? 0} out tokens
                    {part.data.costUsd === null ? '' : ` · $${part.data.costUsd.toFixed(4)}`}
                    {part.data.status === 'done' ? '' : ` · ended: ${part.data.status}`}
                  </p>
                );
              }
              return null;
            })}
          </li>
        ))}
      </ol>
      <ErrorMessage error={error?.message} />
      <form onSubmit={submit} className="ask">
        <label htmlFor="question">Ask about this alert</label>
        <textarea
          id="question"
          rows={3}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
        />
        <label className="inline">
          <input type="checkbox" checked={plan} onChange={(event) => setPlan(event.target.checked)} /> Plan
          &amp; execute
        </label>
        <div className="actions">
          <button type="submit" disabled={busy || !analyst}>
            {busy ? 'Answering…' : 'Send'}
          </button>
          {busy ? (
            <button
              type="button"
              className="stop"
              onClick={() => {
                // The server aborts the turn (its model calls, tools and any approval it waits for).
                void api(`/alerts/${encodeURIComponent(alertId)}/chat/stop`, { method: 'POST' }).catch(
                  () => undefined,
                );
                void stop();
              }}
            >
              Stop
            </button>
          ) : null}
        </div>
        {analyst ? null : <p className="hint">Viewers read the investigation; an analyst asks.</p>}
      </form>
    </section>
  );
}
