import type { ModelMessage } from 'ai';
import { activeViews } from './active-views.js';
import type { CurrentView, SessionView } from './session.js';

/**
 * The history a model should see: the original messages in order, each active view's summary in place
 * of the range it replaced. Pure: `views` in any order, each a compaction `recordCompaction` accepted.
 */
export function buildCurrentView({
  sessionId,
  messages,
  views,
}: {
  sessionId: string;
  messages: readonly ModelMessage[];
  views: readonly Pick<SessionView, 'version' | 'replaces' | 'summary'>[];
}): CurrentView {
  const ordered = [...views].sort((a, b) => a.version - b.version);
  const active = activeViews(ordered);
  const view: CurrentView = {
    sessionId,
    version: ordered.at(-1)?.version ?? 0,
    messages: [],
    origins: [],
    messageCount: messages.length,
  };
  let position = 0;
  for (const { replaces, summary } of active) {
    for (; position < replaces.from; position += 1) keep(view, messages, position);
    for (const message of summary) {
      view.messages.push(message);
      view.origins.push({ ...replaces });
    }
    position = replaces.to;
  }
  for (; position < messages.length; position += 1) keep(view, messages, position);
  return view;
}

function keep(view: CurrentView, messages: readonly ModelMessage[], position: number): void {
  view.messages.push(messages[position] as ModelMessage);
  view.origins.push({ from: position, to: position + 1 });
}
