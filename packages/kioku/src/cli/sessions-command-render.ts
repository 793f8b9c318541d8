import type { CurrentView, Session, SessionView } from '../entry/store.js';
import { messageText } from '../entry/strategies.js';

const time = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');
const oneLine = (text: string, width: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

/** A plain-text table; `numeric` columns are right-aligned, the others left-aligned. */
function table(
  header: readonly string[],
  rows: readonly (string | number)[][],
  numeric: readonly number[],
): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) =>
          numeric.includes(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `kioku sessions list` as a table. */
export function renderSessionList(sessions: readonly Session[]): string {
  if (sessions.length === 0) return 'no sessions';
  return table(
    ['id', 'messages', 'compactions', 'updated', 'created', 'title'],
    sessions.map((session) => [
      session.id,
      session.messageCount,
      session.viewCount,
      time(session.updatedAt),
      time(session.createdAt),
      session.title === undefined ? '' : oneLine(session.title, 60),
    ]),
    [1, 2],
  );
}

/** `kioku sessions show` as text: details, compactions, then the current view one message per line. */
export function renderSession({
  session,
  views,
  currentView,
}: {
  session: Session;
  views: readonly SessionView[];
  currentView: CurrentView;
}): string {
  const details = [
    `session   ${session.id}`,
    ...(session.title === undefined ? [] : [`title     ${session.title}`]),
    `created   ${time(session.createdAt)}`,
    `updated   ${time(session.updatedAt)}`,
    `messages  ${session.messageCount} original; the current view (version ${currentView.version}) shows ${currentView.messages.length}`,
    `metadata  ${JSON.stringify(session.metadata)}`,
  ];
  const compactions =
    views.length === 0
      ? ['no compactions']
      : [
          'Compactions',
          table(
            [
              'version',
              'replaces',
              'summary messages',
              'tokens before',
              'tokens after',
              'at message',
              'strategy',
            ],
            views.map((view) => [
              view.version,
              `[${view.replaces.from}, ${view.replaces.to})`,
              view.summary.length,
              view.tokensBefore,
              view.tokensAfter,
              view.messageCount,
              view.strategy,
            ]),
            [0, 2, 3, 4, 5],
          ),
        ];
  const lines = currentView.messages.map((message, index) => {
    const origin = currentView.origins[index];
    const from =
      origin === undefined
        ? '?'
        : origin.to - origin.from === 1
          ? `${origin.from}`
          : `${origin.from}-${origin.to - 1}`;
    return [index, from, message.role, oneLine(messageText(message), 90)];
  });
  return [
    ...details,
    '',
    ...compactions,
    '',
    'Current view',
    table(['#', 'original', 'role', 'text'], lines, [0, 1]),
  ].join('\n');
}
