import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';
import { ResolutionFields } from './resolution-fields.js';
import { type AlertListPage, type AlertSummary, severities } from './types.js';
import { useCan } from './user-context.js';

const pageSize = 50;

const periods = [
  { label: 'Any time', hours: 0 },
  { label: 'Last hour', hours: 1 },
  { label: 'Last 24 hours', hours: 24 },
  { label: 'Last 7 days', hours: 24 * 7 },
  { label: 'Last 30 days', hours: 24 * 30 },
];

/**
 * The alert list: filters (status, severity, time, search), selection and bulk resolve. Keyboard: ↑/↓
 * (or j/k) move between alerts, Home/End jump, Space selects, Enter opens.
 */
export function AlertsPage() {
  const [status, setStatus] = useState('open');
  const [severity, setSeverity] = useState('');
  const [hours, setHours] = useState(0);
  const [text, setText] = useState('');
  const [sort, setSort] = useState('received');
  // The cursors of the pages shown so far (the first page has none): Next pushes, Previous pops.
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const [next, setNext] = useState<string | undefined>();
  const [total, setTotal] = useState({ count: 0, exact: true });
  const [assignee, setAssignee] = useState('');
  const [tag, setTag] = useState('');
  const [assignees, setAssignees] = useState<string[]>([]);
  const analyst = useCan('analyst');
  const [alerts, setAlerts] = useState<AlertSummary[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState(0);
  const [conclusion, setConclusion] = useState<string>('');
  const [reason, setReason] = useState('');
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);

  const load = useCallback(() => {
    const query = new URLSearchParams();
    if (status !== '') query.set('status', status);
    if (severity !== '') query.set('severity', severity);
    if (hours > 0) query.set('since', new Date(Date.now() - hours * 3_600_000).toISOString());
    if (text.trim() !== '') query.set('text', text.trim());
    if (assignee !== '') query.set('assignee', assignee);
    if (tag.trim() !== '') query.set('tag', tag.trim());
    query.set('sort', sort);
    query.set('limit', String(pageSize));
    const after = cursors.at(-1);
    if (after !== undefined) query.set('after', after);
    api<AlertListPage>(`/alerts?${query}`)
      .then((answer) => {
        setAlerts(answer.alerts);
        setTotal({ count: answer.total, exact: answer.totalExact });
        setNext(answer.next);
        setError(undefined);
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [status, severity, hours, text, assignee, tag, sort, cursors]);
  useEffect(load, [load]);
  // A new filter starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are what resets the page
  useEffect(() => setCursors([undefined]), [status, severity, hours, text, assignee, tag, sort]);
  const first = (cursors.length - 1) * pageSize;
  useEffect(() => {
    api<{ assignees: string[] }>('/assignees').then(
      (answer) => setAssignees(answer.assignees),
      () => setAssignees([]),
    );
  }, []);

  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const focusRow = (index: number) => {
    const bounded = Math.max(0, Math.min(alerts.length - 1, index));
    setFocused(bounded);
    rows.current[bounded]?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, alert: AlertSummary) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      j: index + 1,
      ArrowUp: index - 1,
      k: index - 1,
      Home: 0,
      End: alerts.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusRow(target);
    } else if (event.key === ' ') {
      event.preventDefault();
      toggle(alert.id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      window.location.hash = `#/alerts/${encodeURIComponent(alert.id)}`;
    }
  };
  const resolveSelected = () => {
    api('/alerts/resolve', { method: 'POST', body: { ids: [...selected], conclusion, reason } })
      .then(() => {
        setSelected(new Set());
        setReason('');
        load();
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  };

  return (
    <section aria-labelledby="alerts-heading">
      <h1 id="alerts-heading">Alerts</h1>
      <form className="filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">All</option>
            <option value="open">Open</option>
            <option value="in_progress">In progress</option>
            <option value="resolved">Resolved</option>
            <option value="archived">Archived</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-severity">Severity</label>
          <select id="filter-severity" value={severity} onChange={(event) => setSeverity(event.target.value)}>
            <option value="">All</option>
            {severities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-time">Time</label>
          <select id="filter-time" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {periods.map((period) => (
              <option key={period.hours} value={period.hours}>
                {period.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-sort">Sort</label>
          <select id="filter-sort" value={sort} onChange={(event) => setSort(event.target.value)}>
            <option value="received">Newest</option>
            <option value="severity">Most severe</option>
            <option value="last_seen">Last seen</option>
            <option value="event_time">Event time</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-assignee">Assignee</label>
          <select id="filter-assignee" value={assignee} onChange={(event) => setAssignee(event.target.value)}>
            <option value="">Anyone</option>
            <option value="-">Nobody</option>
            {assignees.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-tag">Tag</label>
          <input id="filter-tag" value={tag} onChange={(event) => setTag(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="filter-search">Search</label>
          <input
            id="filter-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
      <ErrorMessage error={error} />
      <table className="alerts" aria-label="Alerts" aria-describedby="alerts-keys">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Selected</span>
            </th>
            <th scope="col">Severity</th>
            <th scope="col">Title</th>
            <th scope="col">Host</th>
            <th scope="col">User</th>
            <th scope="col">Source</th>
            <th scope="col">Status</th>
            <th scope="col">Assignee</th>
            <th scope="col">Received</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((alert, index) => (
            <tr
              key={alert.id}
              ref={(row) => {
                rows.current[index] = row;
              }}
              tabIndex={index === Math.min(focused, alerts.length - 1) ? 0 : -1}
              aria-selected={selected.has(alert.id)}
              data-alert-id={alert.id}
              onKeyDown={(event) => onKey(event, index, alert)}
              onFocus={() => setFocused(index)}
            >
              <td>
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label={`Select ${alert.title}`}
                  checked={selected.has(alert.id)}
                  onChange={() => toggle(alert.id)}
                />
              </td>
              <td>
                <span className={`severity severity-${alert.severity}`}>{alert.severity}</span>
              </td>
              <td>
                <a href={`#/alerts/${encodeURIComponent(alert.id)}`} tabIndex={-1}>
                  {alert.title}
                </a>
                {alert.occurrences > 1 ? <span className="hint"> ×{alert.occurrences}</span> : null}
              </td>
              <td>{alert.host ?? ''}</td>
              <td>{alert.user ?? ''}</td>
              <td>{alert.source ?? alert.schema}</td>
              <td>
                {alert.status === 'resolved'
                  ? `resolved: ${alert.resolution?.conclusion}`
                  : alert.status.replace('_', ' ')}
                {alert.tags.length === 0 ? null : (
                  <span className="tags">
                    {alert.tags.map((name) => (
                      <span key={name} className="tag">
                        {name}
                      </span>
                    ))}
                  </span>
                )}
              </td>
              <td>{alert.assignee ?? '—'}</td>
              <td>
                <time dateTime={alert.eventTime ?? alert.createdAt}>
                  {new Date(alert.eventTime ?? alert.createdAt).toLocaleString()}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id="alerts-keys" className="hint">
        {alerts.length === 0 ? 'No alert matches.' : '↑/↓ move between alerts, Space selects, Enter opens.'}
      </p>
      <nav className="pager" aria-label="Pages">
        <span data-testid="alerts-total">
          {alerts.length === 0
            ? '0 alerts'
            : `${first + 1}–${first + alerts.length} of ${total.exact ? '' : 'about '}${total.count.toLocaleString('en')}`}
        </span>
        <button
          type="button"
          disabled={cursors.length === 1}
          onClick={() => setCursors((before) => before.slice(0, -1))}
        >
          Previous
        </button>
        <button
          type="button"
          disabled={next === undefined}
          onClick={() => setCursors((before) => [...before, next])}
        >
          Next
        </button>
      </nav>
      <fieldset className="bulk" disabled={selected.size === 0 || !analyst} hidden={!analyst}>
        <legend>Resolve {selected.size} selected</legend>
        <ResolutionFields
          idPrefix="bulk"
          conclusion={conclusion}
          onConclusion={setConclusion}
          reason={reason}
          onReason={setReason}
        />
        <button type="button" onClick={resolveSelected} disabled={reason.trim() === '' || conclusion === ''}>
          Resolve selected
        </button>
      </fieldset>
    </section>
  );
}
