import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  type LanguageModel,
  type UIMessageStreamWriter,
} from 'ai';
import { Hono } from 'hono';
import { createBytesCounter, type ToolRegistration } from 'kioku';
import { createSessionStore, UnknownSessionError } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { createAlertStore } from '../../alerts/index.js';
import type { ChatBudget } from '../../chat/chat-budget.js';
import { openAlertChat } from '../../chat/open-alert-chat.js';
import { storeApprover } from '../../chat/store-approver.js';
import { warmChatModel } from '../../chat/warm-chat-model.js';
import { chatEventChunks } from './chat-event-chunks.js';
import type { ConsoleEnv } from './console-env.js';
import { conversationContext } from './conversation-context.js';
import { messageText } from './message-text.js';

/** Options of {@link chatRoutes}. */
export interface ChatRoutesOptions {
  store: DrizzleStore;
  /** The chat's model; without it the chat answers 503 and the rest of the console works. */
  model?: Exclude<LanguageModel, string> | undefined;
  /** The chat's tools besides `search_alerts` (`logs_run`, threat intelligence, MCP servers), made per turn. */
  tools?: () => ToolRegistration[];
  /** The model's window (what the context panel draws against). */
  contextWindow: number;
  /** Share of the window at which kioku compacts (default the chat's, 0.8). */
  threshold?: number | undefined;
  budget?: ChatBudget | undefined;
}

/**
 * The console's investigation routes: `POST /alerts/:id/chat` (`{ message, plan? }`) streams one turn as
 * an AI SDK UI message stream (text, `data-tool`, `data-approval` and `data-progress` parts), one turn per
 * alert at a time (409 while one runs); a write tool's call waits for an analyst's decision
 * (`POST /approvals/:id`); `POST /alerts/:id/chat/stop` (or the client closing the stream) aborts the
 * turn, which leaves the conversation as it was before it; `GET /alerts/:id/conversation` the stored exchange; `GET /alerts/:id/context` the
 * context panel; `GET /alerts/:id/original?from&to` original messages a compaction replaced.
 */
export function chatRoutes({
  store,
  model,
  tools = () => [],
  contextWindow,
  threshold,
  budget,
}: ChatRoutesOptions): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const sessions = createSessionStore(store);
  const alerts = createAlertStore(store);
  const running = new Map<string, AbortController>();
  const sessionOf = (id: string) => `id:alert-${id}`;
  // The tokenizer and the catalog load now, before the server listens, not during the first turn.
  if (model !== undefined) warmChatModel(model);
  const exported = async (id: string) => {
    try {
      return await sessions.export(sessionOf(id));
    } catch (error) {
      if (UnknownSessionError.isInstance(error)) return { messages: [], views: [] };
      throw error;
    }
  };

  app.post('/alerts/:id/chat', async (c) => {
    const id = c.req.param('id');
    const body = (await c.req.json().catch(() => undefined)) as
      | { message?: unknown; plan?: unknown }
      | undefined;
    const message = body?.message;
    if (typeof message !== 'string' || message.trim() === '') {
      return c.json(
        { error: { code: 'invalid_request', message: 'message: expected a non-empty text' } },
        400,
      );
    }
    if (model === undefined) {
      return c.json(
        {
          error: {
            code: 'no_model',
            message: 'no chat model: start the server with --model or INVESTIGATOR_MODEL',
          },
        },
        503,
      );
    }
    await alerts.get(id);
    if (running.has(id)) {
      return c.json(
        { error: { code: 'busy', message: `a turn over alert ${id} is still running; wait for its answer` } },
        409,
      );
    }
    const stop = new AbortController();
    running.set(id, stop);
    c.req.raw.signal.addEventListener('abort', () => stop.abort(new Error('the client closed the stream')), {
      once: true,
    });
    const user = c.get('user');
    const by = { name: user.name, via: user.via };
    const approve = storeApprover({ store, alertId: id, by });
    const turn = async (writer: UIMessageStreamWriter) => {
      const parts = chatEventChunks();
      const opened = await openAlertChat({
        store,
        alertId: id,
        model,
        tools: tools(),
        contextWindow,
        ...(threshold === undefined ? {} : { threshold }),
        ...(budget === undefined ? {} : { budget }),
        onEvent: (event) => {
          for (const chunk of parts.chunks(event)) writer.write(chunk);
        },
        onWarning: (warning) =>
          writer.write({ type: 'data-progress', data: { kind: 'kioku', text: warning } }),
        approve,
      });
      try {
        const answered = await opened.chat.send(message.trim(), {
          plan: body?.plan === true,
          abortSignal: stop.signal,
        });
        for (const chunk of parts.end()) writer.write(chunk);
        writer.write({
          type: 'data-turn',
          data: { status: answered.status, usage: answered.usage, costUsd: answered.costUsd ?? null },
        });
      } finally {
        await opened.close();
      }
    };
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        try {
          await turn(writer);
        } finally {
          running.delete(id);
        }
      },
      onError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`investigator console: chat over ${id}: ${message}`);
        // One line to the analyst: a provider's error can carry its whole response.
        return error instanceof Error
          ? (message.split('\n')[0] ?? '').slice(0, 500)
          : 'the turn failed; see the server log';
      },
    });
    return createUIMessageStreamResponse({ stream });
  });

  app.post('/alerts/:id/chat/stop', async (c) => {
    const id = c.req.param('id');
    await alerts.get(id);
    const turn = running.get(id);
    if (turn === undefined)
      return c.json({ error: { code: 'not_found', message: `no turn over alert ${id} is running` } }, 404);
    turn.abort(new Error(`stopped by ${c.get('user').name}`));
    return c.json({ stopped: id });
  });

  app.get('/alerts/:id/conversation', async (c) => {
    const id = c.req.param('id');
    await alerts.get(id);
    const { messages } = await exported(id);
    return c.json({
      messages: messages
        .filter((message) => message.role === 'user' || message.role === 'assistant')
        .map((message, index) => ({ id: `stored-${index}`, role: message.role, text: messageText(message) }))
        .filter((message) => message.text.trim() !== ''),
    });
  });

  app.get('/alerts/:id/context', async (c) => {
    const id = c.req.param('id');
    await alerts.get(id);
    const { messages, views } = await exported(id);
    return c.json(
      conversationContext({ messages, views, window: contextWindow, counter: createBytesCounter() }),
    );
  });

  app.get('/alerts/:id/original', async (c) => {
    const id = c.req.param('id');
    await alerts.get(id);
    const from = Number(c.req.query('from'));
    const to = Number(c.req.query('to'));
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
      return c.json(
        {
          error: { code: 'invalid_request', message: 'from, to: expected whole numbers with 0 ≤ from ≤ to' },
        },
        400,
      );
    }
    const { messages } = await exported(id);
    return c.json({
      from,
      to: Math.min(to, messages.length),
      messages: messages.slice(from, to).map((message, offset) => ({
        index: from + offset,
        role: message.role,
        text: messageText(message),
      })),
    });
  });

  return app;
}
