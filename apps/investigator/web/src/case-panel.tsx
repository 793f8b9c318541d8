import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';
import { Markdown } from './markdown.js';
import { ResolutionFields } from './resolution-fields.js';
import type { AlertDetail } from './types.js';
import { useCan } from './user-context.js';

interface CaseDetail {
  comments: { id: number; author: string; body: string; createdAt: string }[];
  trail: {
    id: number;
    at: string;
    actor: { name: string; via: string };
    action: string;
    before?: unknown;
    after?: unknown;
  }[];
}

const statusNames: Record<string, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  archived: 'Archived',
};

/** An alert's case: status, assignee, tags, verdict (resolve, change, reopen), comments and the audit trail. */
export function CasePanel({ alert, onChange }: { alert: AlertDetail['alert']; onChange: () => void }) {
  const analyst = useCan('analyst');
  const [detail, setDetail] = useState<CaseDetail | undefined>();
  const [assignees, setAssignees] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const id = encodeURIComponent(alert.id);
  const load = useCallback(() => {
    api<CaseDetail>(`/alerts/${id}/case`).then(setDetail, (caught: unknown) => setError(String(caught)));
  }, [id]);
  useEffect(load, [load]);
  useEffect(() => {
    api<{ assignees: string[] }>('/assignees').then(
      (answer) => setAssignees(answer.assignees),
      () => setAssignees([]),
    );
  }, []);
  const act = (path: string, body: unknown) =>
    api(path.startsWith('/') ? path : `/alerts/${id}/${path}`, { method: 'POST', body })
      .then(() => {
        setError(undefined);
        onChange();
        load();
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));

  return (
    <section className="case" aria-labelledby="case-heading">
      <h2 id="case-heading">Case</h2>
      <dl className="attributes">
        <div>
          <dt>Status</dt>
          <dd data-testid="case-status">{statusNames[alert.status] ?? alert.status}</dd>
        </div>
        <div>
          <dt>Assignee</dt>
          <dd data-testid="case-assignee">{alert.assignee ?? 'nobody'}</dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd data-testid="case-tags">{alert.tags.length === 0 ? 'none' : alert.tags.join(', ')}</dd>
        </div>
      </dl>
      {analyst ? <CaseControls alert={alert} assignees={assignees} act={act} /> : null}
      <Verdict alert={alert} analyst={analyst} act={act} />
      <ErrorMessage error={error} />
      <h3>Comments</h3>
      {detail === undefined || detail.comments.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ol className="comments">
          {detail.comments.map((comment) => (
            <li key={comment.id} data-testid="comment">
              <p className="hint">
                {comment.author} ·{' '}
                <time dateTime={comment.createdAt}>{new Date(comment.createdAt).toLocaleString()}</time>
              </p>
              <Markdown text={comment.body} />
            </li>
          ))}
        </ol>
      )}
      {analyst ? <CommentForm onSend={(body) => act('comments', { body })} /> : null}
      <details>
        <summary>Audit trail ({detail?.trail.length ?? 0})</summary>
        <ol className="trail" data-testid="trail">
          {(detail?.trail ?? []).map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> · {entry.actor.name} (
              {entry.actor.via}) · {entry.action}
              {entry.after === undefined ? null : <code>{JSON.stringify(entry.after)}</code>}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

function CaseControls({
  alert,
  assignees,
  act,
}: {
  alert: AlertDetail['alert'];
  assignees: string[];
  act: (path: string, body: unknown) => Promise<void>;
}) {
  const [tags, setTags] = useState(alert.tags.join(', '));
  const open = alert.status === 'open' || alert.status === 'in_progress';
  return (
    <div className="case-controls">
      <label htmlFor="case-assign">
        Assign to
        <select
          id="case-assign"
          value={alert.assignee ?? ''}
          onChange={(event) => void act('assign', { assignee: event.target.value || null })}
        >
          <option value="">nobody</option>
          {assignees.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void act('tags', {
            tags: tags
              .split(',')
              .map((tag) => tag.trim())
              .filter((tag) => tag !== ''),
          });
        }}
      >
        <label htmlFor="case-tags">
          Tags (comma-separated)
          <input id="case-tags" value={tags} onChange={(event) => setTags(event.target.value)} />
        </label>
        <button type="submit">Save tags</button>
      </form>
      {open ? (
        <button
          type="button"
          onClick={() => void act('status', { status: alert.status === 'open' ? 'in_progress' : 'open' })}
        >
          {alert.status === 'open' ? 'Mark in progress' : 'Mark open'}
        </button>
      ) : null}
      {alert.status !== 'archived' ? (
        <button type="button" onClick={() => void act('status', { status: 'archived' })}>
          Archive
        </button>
      ) : null}
    </div>
  );
}

function Verdict({
  alert,
  analyst,
  act,
}: {
  alert: AlertDetail['alert'];
  analyst: boolean;
  act: (path: string, body: unknown) => Promise<void>;
}) {
  const [conclusion, setConclusion] = useState('');
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<'verdict' | 'reopen' | undefined>();
  const resolution = alert.resolution;
  const submit = (event: FormEvent, path: string, body: unknown) => {
    event.preventDefault();
    void act(path, body).then(() => {
      setReason('');
      setConclusion('');
      setMode(undefined);
    });
  };
  if (resolution === undefined && alert.status !== 'archived') {
    if (!analyst) return <p>Not resolved.</p>;
    return (
      <form
        className="resolve"
        aria-label="Resolve"
        onSubmit={(event) => submit(event, '/alerts/resolve', { ids: [alert.id], conclusion, reason })}
      >
        <ResolutionFields
          idPrefix="resolve"
          conclusion={conclusion}
          onConclusion={setConclusion}
          reason={reason}
          onReason={setReason}
        />
        <button type="submit">Resolve</button>
      </form>
    );
  }
  return (
    <div>
      {resolution === undefined ? (
        <p>Archived without a verdict.</p>
      ) : (
        <p data-testid="resolution">
          {resolution.conclusion.replace('_', ' ')} by {resolution.by}: {resolution.reason}
        </p>
      )}
      {analyst ? (
        <p>
          {resolution === undefined ? null : (
            <button type="button" onClick={() => setMode('verdict')}>
              Change the verdict
            </button>
          )}{' '}
          <button type="button" onClick={() => setMode('reopen')}>
            Reopen
          </button>
        </p>
      ) : null}
      {mode === 'verdict' ? (
        <form
          className="resolve"
          aria-label="Change the verdict"
          onSubmit={(event) => submit(event, 'verdict', { conclusion, reason })}
        >
          <ResolutionFields
            idPrefix="verdict"
            conclusion={conclusion}
            onConclusion={setConclusion}
            reason={reason}
            onReason={setReason}
          />
          <button type="submit">Change</button>
        </form>
      ) : null}
      {mode === 'reopen' ? (
        <form
          className="resolve"
          aria-label="Reopen"
          onSubmit={(event) => submit(event, 'reopen', { reason })}
        >
          <label htmlFor="reopen-reason">
            Why reopen
            <input
              id="reopen-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
            />
          </label>
          <button type="submit">Reopen</button>
        </form>
      ) : null}
    </div>
  );
}

function CommentForm({ onSend }: { onSend: (body: string) => Promise<void> }) {
  const [body, setBody] = useState('');
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() !== '') void onSend(body).then(() => setBody(''));
      }}
    >
      <label htmlFor="comment-body">
        Comment (Markdown)
        <textarea id="comment-body" rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      </label>
      <button type="submit">Comment</button>
    </form>
  );
}
