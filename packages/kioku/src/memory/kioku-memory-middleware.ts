import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { LanguageModel, ModelMessage } from 'ai';
import { fromLanguageModelPrompt } from '../ai-sdk/language-model-prompt.js';
import { checkCount } from '../strategies/internal/check-option.js';
import { formatPastKnowledge } from './format-past-knowledge.js';
import { type IntrospectionReport, introspect } from './introspect.js';
import type { Memory, RecalledMemory } from './memory.js';

/** Options of {@link kiokuMemoryMiddleware}. */
export interface KiokuMemoryMiddlewareOptions {
  /** The agent memory (`openMemory`). */
  memory: Memory;
  /** The model that reviews a finished run; default the model being called (unwrapped). */
  introspectionModel?: LanguageModel;
  /** Most memories recalled per call; default 8. */
  limit?: number;
  /** Review the run when a call finishes it (finish reason `stop`) and update the memory; default true. */
  introspect?: boolean;
  /** Told what was recalled for a call (empty when nothing was). */
  onRecall?: (recalled: readonly RecalledMemory[]) => void;
  /** Told what an introspection did; it never throws (see `introspect`). */
  onIntrospection?: (report: IntrospectionReport) => void;
}

/** What a call was given from memory, kept for the introspection when the call ends the run. */
interface Recall {
  request: string;
  recalled: RecalledMemory[];
}

/**
 * Language-model middleware that gives an agent its memory: before each call it recalls the memories
 * whose request is like the last user message and adds them to the system prompt as "Past knowledge"
 * (`formatPastKnowledge`, one line per claim); when a call finishes the run (finish reason `stop`: an
 * answer, no tool call), it reviews the run with one model call (`introspect`), which stores new claims
 * and scores the recalled ones, before the answer is returned. Calls after a tool result recall for the
 * same last user message. The call's `abortSignal` reaches the recall and the review.
 *
 * @example
 * const memory = await openMemory({ store, embedder });
 * const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: [kiokuMemoryMiddleware({ memory }), kiokuMiddleware()] });
 */
export function kiokuMemoryMiddleware({
  memory,
  introspectionModel,
  limit = 8,
  introspect: review = true,
  onRecall,
  onIntrospection,
}: KiokuMemoryMiddlewareOptions): LanguageModelV4Middleware {
  checkCount({ strategy: 'kiokuMemoryMiddleware', option: 'limit', value: limit, min: 1 });
  const recalls = new WeakMap<LanguageModelV4CallOptions, Recall>();

  const finish = async (
    params: LanguageModelV4CallOptions,
    model: LanguageModel,
    answer: string,
  ): Promise<void> => {
    const recall = recalls.get(params);
    if (!review || recall === undefined) return;
    const messages: ModelMessage[] = [
      ...fromLanguageModelPrompt(params.prompt),
      { role: 'assistant', content: answer },
    ];
    const report = await introspect({
      memory,
      model: introspectionModel ?? model,
      request: recall.request,
      messages,
      recalled: recall.recalled,
      ...(params.abortSignal === undefined ? {} : { abortSignal: params.abortSignal }),
    });
    onIntrospection?.(report);
  };

  return {
    specificationVersion: 'v4',
    async transformParams({ params }) {
      const request = lastUserText(params.prompt);
      if (request === undefined) return params;
      const recalled = await memory.recall({
        request,
        limit,
        ...(params.abortSignal === undefined ? {} : { abortSignal: params.abortSignal }),
      });
      onRecall?.(recalled);
      const knowledge = formatPastKnowledge(recalled);
      const next =
        knowledge === '' ? { ...params } : { ...params, prompt: withSystem(params.prompt, knowledge) };
      recalls.set(next, { request, recalled });
      return next;
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const result = await doGenerate();
      if (result.finishReason.unified === 'stop') {
        const answer = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
        await finish(params, model, answer);
      }
      return result;
    },
    async wrapStream({ doStream, params, model }) {
      const result = await doStream();
      let answer = '';
      let stopped = false;
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            if (part.type === 'text-delta') answer += part.delta;
            if (part.type === 'finish') stopped = part.finishReason.unified === 'stop';
            controller.enqueue(part);
          },
          async flush() {
            if (stopped) await finish(params, model, answer);
          },
        }),
      );
      return { ...result, stream };
    },
  };
}

/** The text of the last user message of a provider prompt, when it has text. */
function lastUserText(prompt: readonly LanguageModelV4Message[]): string | undefined {
  for (let index = prompt.length - 1; index >= 0; index -= 1) {
    const message = prompt[index];
    if (message?.role !== 'user') continue;
    const text = message.content
      .flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('\n')
      .trim();
    return text === '' ? undefined : text;
  }
  return undefined;
}

/** The prompt with `knowledge` as a system message after its own system messages. */
function withSystem(prompt: readonly LanguageModelV4Message[], knowledge: string): LanguageModelV4Message[] {
  const at = prompt.findIndex((message) => message.role !== 'system');
  const split = at === -1 ? prompt.length : at;
  return [...prompt.slice(0, split), { role: 'system', content: knowledge }, ...prompt.slice(split)];
}
