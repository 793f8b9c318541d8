import { createHash } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { ToolDefinition } from '../transcripts/transcript.js';
import type { Prompt, TokenCounter } from './token-counter.js';

/** Options of {@link cachedCounter}. */
export interface CachedCounterOptions {
  /**
   * Also know a message by a digest of its role and content, so equal messages held by different objects
   * are counted once (an analysis replaying one transcript through many strategies, each making its own
   * copies), and a text's count by the text; default false: by object, and by the content a copy shares
   * with its source, texts not remembered.
   */
  byContent?: boolean;
}

/** Prompts remembered per conversation, to count the next one from where it starts to differ. */
const promptsKept = 4;
/**
 * The key a string content is remembered by: a digest of the role and the content, so the cache keeps
 * 28 characters per message instead of a copy of its content.
 */
function stringDigest(role: string, content: string): string {
  return createHash('sha1').update(role).update('\u0000').update(content).digest('base64');
}

/** String contents remembered (system prompts, user turns), beyond which the oldest half is forgotten. */
const maxStrings = 4096;

const wrappers = new WeakSet<TokenCounter>();
const shared = new WeakMap<TokenCounter, TokenCounter>();

/** A prompt counted before: its messages and the sum of their counts before each one. */
interface CountedPrompt {
  messages: ModelMessage[];
  sums: number[];
}

/**
 * `counter` with each message counted once in its life. A message's count depends only on its role and
 * content (cache breakpoints and other provider options add no tokens), so it is cached by object, by the
 * content array a copy shares with its source (a message marked with a cache breakpoint is counted as
 * its source), by a digest of string content (a system prompt marked again), and with `byContent` by a digest of both (and texts by their text).
 * For a counter that is `additive`, `countPrompt` counts a prompt from the sums of an earlier one with the
 * same first messages (the same objects), so a grown or partly rewritten prompt costs the counts of the
 * messages from its first change; the sums are kept per conversation (its first message) for the latest
 * few prompts. Counts are those of `counter`, exactly. Without `byContent` the wrapper is shared per
 * counter, so its caches are too.
 *
 * @example
 * const counter = cachedCounter(counterForModel('gpt-4o'));
 * counter.countPrompt({ messages: history }); // the first time: every message
 * counter.countPrompt({ messages: [...history, next] }); // then: one count and the sums
 */
export function cachedCounter(
  counter: TokenCounter,
  { byContent = false }: CachedCounterOptions = {},
): TokenCounter {
  if (wrappers.has(counter) && !byContent) return counter;
  if (!byContent) {
    const known = shared.get(counter);
    if (known !== undefined) return known;
  }
  const byObject = new WeakMap<ModelMessage, number>();
  const byArray = new WeakMap<object, { role: string; count: number }>();
  const byString = new Map<string, number>();
  const byDigest = new Map<string, number>();
  const texts = new Map<string, number>();
  const toolCounts = new WeakMap<readonly ToolDefinition[], number>();
  const bases = new WeakMap<readonly ToolDefinition[], number>();
  const prompts = new WeakMap<ModelMessage, CountedPrompt[]>();
  let noTools: number | undefined;

  const countMessage = (message: ModelMessage): number => {
    const found = byObject.get(message);
    if (found !== undefined) return found;
    const { role, content } = message;
    let count: number | undefined;
    let stringKey: string | undefined;
    if (typeof content === 'string') {
      stringKey = stringDigest(role, content);
      count = byString.get(stringKey);
    } else {
      const entry = byArray.get(content);
      if (entry?.role === role) count = entry.count;
    }
    let digest: string | undefined;
    if (count === undefined && byContent) {
      digest = createHash('sha1')
        .update(JSON.stringify([role, content]))
        .digest('base64');
      count = byDigest.get(digest);
    }
    count ??= counter.countMessage(message);
    byObject.set(message, count);
    if (stringKey !== undefined) {
      if (byString.size >= maxStrings) {
        for (const key of [...byString.keys()].slice(0, maxStrings / 2)) byString.delete(key);
      }
      byString.set(stringKey, count);
    } else if (typeof content !== 'string') {
      byArray.set(content, { role, count });
    }
    if (digest !== undefined) byDigest.set(digest, count);
    return count;
  };

  /** The prompt's count without messages: the request and the tools. */
  const base = (given: readonly ToolDefinition[] | undefined): number => {
    if (given === undefined) {
      noTools ??= counter.countPrompt({ messages: [] });
      return noTools;
    }
    let count = bases.get(given);
    if (count === undefined) {
      count = counter.countPrompt({ messages: [], tools: given });
      bases.set(given, count);
    }
    return count;
  };

  /** The sum of the messages' counts, from the kept prompt that shares the longest start with them. */
  const sumOf = (messages: readonly ModelMessage[]): number => {
    const first = messages[0];
    if (first === undefined) return 0;
    let kept = prompts.get(first);
    if (kept === undefined) {
      kept = [];
      prompts.set(first, kept);
    }
    let best: CountedPrompt | undefined;
    let same = 0;
    for (const candidate of kept) {
      const limit = Math.min(candidate.messages.length, messages.length);
      let shared = 0;
      while (shared < limit && candidate.messages[shared] === messages[shared]) shared += 1;
      if (best === undefined || shared > same) {
        best = candidate;
        same = shared;
      }
      if (shared === limit) break;
    }
    if (best !== undefined && same === messages.length) return best.sums[same] ?? 0;
    let line: CountedPrompt;
    if (best !== undefined && same === best.messages.length) {
      // The prompt grows the kept one: its sums go on.
      line = best;
      kept.splice(kept.indexOf(best), 1);
    } else {
      // It branches off (a rewrite): its own sums from the branch on, the kept ones stay for their prompts.
      line = { messages: best?.messages.slice(0, same) ?? [], sums: best?.sums.slice(0, same + 1) ?? [0] };
    }
    kept.unshift(line);
    if (kept.length > promptsKept) kept.length = promptsKept;
    let sum = line.sums[line.messages.length] ?? 0;
    for (let index = line.messages.length; index < messages.length; index += 1) {
      const message = messages[index] as ModelMessage;
      sum += countMessage(message);
      line.messages.push(message);
      line.sums.push(sum);
    }
    return sum;
  };

  const made: TokenCounter = {
    family: counter.family,
    exact: counter.exact,
    ...(counter.additive === undefined ? {} : { additive: counter.additive }),
    countMessage,
    countTools(given) {
      let count = toolCounts.get(given);
      if (count === undefined) {
        count = counter.countTools(given);
        toolCounts.set(given, count);
      }
      return count;
    },
    countPrompt({ messages, tools: given }: Prompt) {
      if (counter.additive !== true)
        return counter.countPrompt(given === undefined ? { messages } : { messages, tools: given });
      return base(given) + sumOf(messages);
    },
    countText: byContent
      ? (text) => {
          let count = texts.get(text);
          if (count === undefined) {
            count = counter.countText(text);
            texts.set(text, count);
          }
          return count;
        }
      : (text) => counter.countText(text),
  };
  wrappers.add(made);
  if (!byContent) shared.set(counter, made);
  return made;
}
