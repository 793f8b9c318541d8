import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { LanguageModel, ModelMessage } from 'ai';
import { kiokuCallOptions } from '../ai-sdk/kioku-call-options.js';
import { fromLanguageModelPrompt } from '../ai-sdk/language-model-prompt.js';
import { checkCount } from '../strategies/internal/check-option.js';
import { backgroundQueue } from './background-queue.js';
import { formatPastKnowledge } from './format-past-knowledge.js';
import { type IntrospectionReport, introspect } from './introspect.js';
import type { Memory, RecalledMemory } from './memory.js';

/** Options of {@link memoryMiddleware}. */
export interface MemoryMiddlewareOptions {
  /** The agent memory (`openMemory`). */
  memory: Memory;
  /** The model that reviews a finished run; default the model being called (unwrapped). */
  introspectionModel?: LanguageModel;
  /** Most memories recalled per call; default 8. */
  limit?: number;
  /**
   * Which finished runs are reviewed (a call with finish reason `stop`) to update the memory:
   * `'opted-in'` (default) only those whose call says `providerOptions: { kioku: { introspect: true } }`,
   * `true` every one, `false` none. A review runs after the answer is returned, in the background.
   */
  introspect?: boolean | 'opted-in';
  /**
   * Reviews waiting in the background queue (one runs at a time); one more is dropped, with a warning
   * once. Default 16.
   */
  maxQueued?: number;
  /** Told what was recalled for a call (empty when nothing was). */
  onRecall?: (recalled: readonly RecalledMemory[]) => void;
  /** Told what an introspection did; it never throws (see `introspect`). */
  onIntrospection?: (report: IntrospectionReport) => void;
}

/** What a call was given from memory, kept for the introspection when the call ends the run. */
interface Recall {
  request: string;
  recalled: RecalledMemory[];
  /** Whether the run is to be reviewed when this call finishes it. */
  review: boolean;
}

/** {@link memoryMiddleware}'s middleware, with its background reviews. */
export interface MemoryMiddleware extends LanguageModelV4Middleware {
  /** Reviews queued or running. */
  readonly pending: number;
  /** Reviews dropped because the queue was full. */
  readonly dropped: number;
  /** Waits for every queued review to finish; runs finished after it are no longer reviewed. */
  close(): Promise<void>;
}

/**
 * Language-model middleware that gives an agent its memory: before each call it recalls the memories
 * whose request is like the last user message and adds them to the system prompt as "Past knowledge"
 * (`formatPastKnowledge`, one line per claim); when a call of a conversation that opted in
 * (`providerOptions: { kioku: { introspect: true } }`, or `introspect: true` for all) finishes the run
 * (finish reason `stop`: an answer, no tool call), it queues a review of the run with one model call
 * (`introspect`), which stores new claims and scores the recalled ones. The answer is returned, and a
 * stream ends, without waiting for it: reviews run one at a time in a bounded background queue, and
 * `close()` waits for them (call it before the process exits or the memory's store closes). Calls after a
 * tool result recall for the same last user message. The call's `abortSignal` reaches the recall.
 *
 * @example
 * const memory = await openMemory({ store, embedder });
 * const remember = memoryMiddleware({ memory });
 * const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: [remember, kiokuMiddleware()] });
 * await generateText({ model, prompt, providerOptions: { kioku: { introspect: true } } });
 * await remember.close();
 */
export function memoryMiddleware({
  memory,
  introspectionModel,
  limit = 8,
  introspect: review = 'opted-in',
  maxQueued = 16,
  onRecall,
  onIntrospection,
}: MemoryMiddlewareOptions): MemoryMiddleware {
  checkCount({ strategy: 'memoryMiddleware', option: 'limit', value: limit, min: 1 });
  checkCount({ strategy: 'memoryMiddleware', option: 'maxQueued', value: maxQueued });
  const recalls = new WeakMap<LanguageModelV4CallOptions, Recall>();
  const reviews = backgroundQueue({ maxQueued, name: 'memoryMiddleware' });

  /** Queues the review of the run `params` finished with `answer`, when it is to be reviewed. */
  const finish = (params: LanguageModelV4CallOptions, model: LanguageModel, answer: string): void => {
    const recall = recalls.get(params);
    if (recall === undefined || !recall.review) return;
    const messages: ModelMessage[] = [
      ...fromLanguageModelPrompt(params.prompt),
      { role: 'assistant', content: answer },
    ];
    reviews.add(async () => {
      const report = await introspect({
        memory,
        model: introspectionModel ?? model,
        request: recall.request,
        messages,
        recalled: recall.recalled,
      });
      onIntrospection?.(report);
    });
  };

  return {
    specificationVersion: 'v4',
    get pending() {
      return reviews.pending;
    },
    get dropped() {
      return reviews.dropped;
    },
    close: () => reviews.close(),
    async transformParams({ params }) {
      const optedIn = kiokuCallOptions(params, 'memoryMiddleware').introspect === true;
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
      recalls.set(next, { request, recalled, review: review === true || (review === 'opted-in' && optedIn) });
      return next;
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const result = await doGenerate();
      if (result.finishReason.unified === 'stop') {
        const answer = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
        finish(params, model, answer);
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
          flush() {
            if (stopped) finish(params, model, answer);
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
