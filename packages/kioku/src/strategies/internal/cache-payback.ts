import type { ModelMessage } from 'ai';
import { sameMessage } from '../../messages/same-message.js';
import type { CachePrices } from '../../pricing/cache-prices.js';
import { cacheableTokens } from '../../pricing/cacheable-tokens.js';
import type { Strategy, StrategyEdit } from '../strategy.js';
import { checkFraction } from './check-option.js';
import { messageTokens } from './message-tokens.js';
import { usableTokens } from './usable-tokens.js';

/**
 * Options of {@link cachePayback}: the cache prices relative to the plain input price, the horizon, and
 * the break-even rule.
 */
export interface CachePaybackOptions {
  /**
   * Price of a cached input token read; default the price the call is billed at (`budget.cachePrices`,
   * which a replay and the middleware give), else 0.1 (Anthropic, DeepSeek).
   */
  cacheRead?: number;
  /**
   * Price of an input token written to the cache; default the price the call is billed at
   * (`budget.cachePrices`), else 1.25 (Anthropic's 5-minute write).
   */
  cacheWrite?: number;
  /**
   * Calls expected to remain, per call made so far (assistant messages in the history); default 0.25: a run
   * that has gone on for n calls is expected to go on for n/4 more. Chosen on the pick half of the dev runs
   * (`bench/strategies/default-frontier.mjs`) as the one of 0.5, 0.35 and 0.25 that costs at most the
   * unmanaged history on every workload there: 0.5 cost 1.029× on the SecRL gpt-5 questions under Claude's
   * prices, 0.35 1.003× under their own (runs of 10 to 17 calls end before a rewrite pays back).
   */
  horizon?: number;
  /**
   * Also count, towards paying for the rewrite, what keeping the previous prompt has already cost since
   * the wrapped strategy first proposed the edits (the removed tokens read again at every call they were
   * held): the rent-or-buy break-even, so with `horizon` 0 a rewrite is taken once holding has cost as
   * much as rewriting, whatever the run's length; default false.
   */
  breakEven?: boolean;
  /**
   * Where the cache keeps only marked prefixes, count the first rewrite as reading the prefix up to the
   * latest user or tool message before its first change: the call after that message marked it and
   * `cacheBreakpoints` marks it again at the rewrite, so it is read if its entry is still alive (Anthropic
   * keeps one 5 minutes). Default false: on the dev runs (`bench/strategies/default-frontier.mjs`) it makes
   * the long runs cheaper, but rewrites a short run near its end that then costs more than unmanaged.
   */
  earlierMarks?: boolean;
}

/** What {@link cachePayback} remembers between calls. */
export interface CachePaybackState<State> {
  /** The wrapped strategy's state as of the last rewrite it was allowed. */
  readonly inner: State;
  /** The history of the previous call and what was sent for it. */
  readonly input: readonly ModelMessage[];
  readonly output: readonly ModelMessage[];
  readonly edits: readonly StrategyEdit[];
  /**
   * What keeping the previous prompt has cost since edits were first proposed and held, in input-price
   * tokens (the removed tokens at the read price, call by call); 0 after a rewrite.
   */
  readonly rent: number;
}

/** Anthropic's cache prices relative to input (read, 5-minute write), for a call whose prices are unknown. */
const anthropicRead = 0.1;
const anthropicWrite = 1.25;

/**
 * Lets a strategy that edits old messages in place (masking, input clearing) rewrite the provider's
 * cached prefix only when the rewrite pays back over the calls likely to remain. When the wrapped
 * strategy proposes new edits, the prompt it proposes is compared with the one that keeps the previous
 * call's prompt and appends the new messages, both priced as the cache bills them (`budget.cachePrices`
 * unless the options give the prices): at this call the held prompt reads all of the previous one, the
 * rewrite only the prefix before the first changed message (where the cache keeps only marked prefixes,
 * up to the last breakpoint before it: the previous edits' frontier, else the system prompt, or with
 * `earlierMarks` the latest user or tool message before the first rewrite) and writes
 * the rest again; at each of the `horizon × calls so far` calls expected to follow, each reads the prompt
 * sent at this call. A prefix shorter than the cache's minimum (`minimumTokens`, 1024 for Anthropic's
 * Sonnet and OpenAI) is not read at all, and an automatic cache reads in steps of its `granularity`, so
 * a rewrite that leaves a prompt too short to cache saves nothing at the later calls. With `breakEven`,
 * what holding the edits has cost so far counts towards the rewrite too. The edits are taken when the
 * saving is at least the cost; otherwise the previous prompt is kept and the wrapped strategy asked
 * again at the next call (a later, larger batch may pay). On short runs nothing is rewritten, so the
 * prompt is the unmanaged one and never costs more than it; a prompt that would not fit the usable
 * window without the edits takes them whatever they cost. The history must extend the previous call's
 * (the same messages, compared by value: `sameMessage`); otherwise the edits are taken as proposed.
 */
export function cachePayback<State>(
  strategy: Strategy<State>,
  {
    cacheRead,
    cacheWrite,
    horizon = 0.25,
    breakEven = false,
    earlierMarks = false,
  }: CachePaybackOptions = {},
): Strategy<CachePaybackState<State>> {
  if (cacheRead !== undefined)
    checkFraction({ strategy: 'cachePayback', option: 'cacheRead', value: cacheRead });
  if (cacheWrite !== undefined) {
    checkFraction({
      strategy: 'cachePayback',
      option: 'cacheWrite',
      value: cacheWrite,
      min: cacheRead ?? 0,
      max: 10,
    });
  }
  checkFraction({ strategy: 'cachePayback', option: 'horizon', value: horizon, max: 100 });
  const initial: CachePaybackState<State> = {
    inner: strategy.initialState(),
    input: [],
    output: [],
    edits: [],
    rent: 0,
  };
  return {
    name: `cache-payback(${strategy.name})`,
    lossy: strategy.lossy,
    needsModel: strategy.needsModel,
    ...(strategy.placesCacheBreakpoints === true ? { placesCacheBreakpoints: true } : {}),
    initialState: () => initial,
    async apply({ state, ...input }) {
      const result = await strategy.apply({ ...input, state: state.inner });
      const { messages, counter, budget } = input;
      const take = () => ({
        messages: result.messages,
        edits: result.edits,
        state: {
          inner: result.state,
          input: messages,
          output: result.messages,
          edits: result.edits,
          rent: 0,
        },
      });
      if (result.state === state.inner || !extendsPrevious(state.input, messages)) return take();
      // Only strategies that keep every message in place are weighed (masking, input clearing).
      if (state.output.length !== state.input.length) return take();
      // The previous prompt with the new messages after it: its edited messages, and the caller's own
      // objects where it sent a message as it was (a state restored from JSON holds copies of them).
      const held = messages.map((message, index) => {
        const sent = state.output[index];
        return sent === undefined || same(sent, state.input[index]) ? message : sent;
      });
      if (held.length !== result.messages.length) return take();
      // A caller may pass equal copies of the messages at each call: compared by value, not identity.
      const first = held.findIndex((message, index) => !same(message, result.messages[index]));
      if (first === -1) return take();
      // A prompt that would not fit the window is never kept for the cache's sake.
      const toolTokens = counter.countTools(input.tools ?? []);
      const heldTokens = toolTokens + messageTokens(counter, held);
      if (heldTokens > usableTokens(budget)) return take();
      const read = cacheRead ?? budget.cachePrices?.read ?? anthropicRead;
      const write = Math.max(read, cacheWrite ?? budget.cachePrices?.write ?? anthropicWrite);
      const sending = sendCost({ read, write, prices: budget.cachePrices });
      const proposedTokens = toolTokens + messageTokens(counter, result.messages);
      const saved = heldTokens - proposedTokens;
      // A cache that keeps only marked prefixes reads up to the last breakpoint before the change: the
      // previous edits' frontier (`cacheBreakpoints` marks it); with `earlierMarks`, before any rewrite, the
      // latest user or tool message before it (the call after it marked it, and `cacheBreakpoints` marks it
      // again); else the system prompt (none: nothing).
      const marked = budget.cachePrices?.marked ?? true;
      const frontier = lastChanged(state.input, state.output);
      const from = marked
        ? Math.min(
            first,
            Math.max(
              frontier + 1,
              leadingSystem(messages),
              earlierMarks && frontier < 0 ? latestUserOrTool(messages, first) + 1 : 0,
            ),
          )
        : first;
      const kept = from === 0 ? 0 : toolTokens + messageTokens(counter, result.messages.slice(0, from));
      const previous = toolTokens + messageTokens(counter, held.slice(0, state.output.length));
      // This call: the held prompt reads all of the previous one; the rewrite only what precedes the change.
      const now = sending(heldTokens, previous) - sending(proposedTokens, kept);
      // Each later call reads this call's prompt: the smaller one costs less, unless it is too short to cache.
      const later = sending(heldTokens, heldTokens) - sending(proposedTokens, proposedTokens);
      let callsSoFar = 0;
      for (const message of messages) if (message.role === 'assistant') callsSoFar += 1;
      const expected = 1 + horizon * callsSoFar;
      const paid = breakEven ? state.rent : 0;
      if (saved > 0 && now + (expected - 1) * later + paid >= 0) return take();
      return {
        messages: held,
        edits: [...state.edits],
        state: {
          inner: state.inner,
          input: messages,
          output: held,
          edits: state.edits,
          rent: state.rent + Math.max(0, later),
        },
      };
    },
  };
}

/**
 * What sending a prompt of `total` tokens costs, in input-price tokens, when an earlier call stored its
 * first `stored` tokens: the part the cache holds read (none under the cache's minimum; an automatic cache
 * reads in steps of its granularity), the rest written, or plain input where the prompt is too short to
 * cache.
 */
function sendCost({ read, write, prices }: { read: number; write: number; prices: CachePrices | undefined }) {
  const minimum = prices?.minimumTokens ?? 0;
  const granularity = prices?.marked === false ? (prices.granularity ?? 1) : 1;
  return (total: number, stored: number): number => {
    const hit = cacheableTokens(Math.min(stored, total), { minimumTokens: minimum, granularity });
    return read * hit + (total >= minimum ? write : 1) * (total - hit);
  };
}

/** True when `messages` starts with every message of `previous` (the same objects, or equal ones). */
function extendsPrevious(previous: readonly ModelMessage[], messages: readonly ModelMessage[]): boolean {
  if (previous.length === 0 || messages.length < previous.length) return false;
  return previous.every((message, index) => same(message, messages[index]));
}

/** The same message: the same object, or an equal one (`sameMessage`); false past the end. */
function same(a: ModelMessage, b: ModelMessage | undefined): boolean {
  return b !== undefined && sameMessage(a, b);
}

/** The last index where `output` holds another message than `input` (-1: none). */
function lastChanged(input: readonly ModelMessage[], output: readonly ModelMessage[]): number {
  for (let index = Math.min(input.length, output.length) - 1; index >= 0; index -= 1) {
    const sent = output[index];
    if (sent !== undefined && !same(sent, input[index])) return index;
  }
  return -1;
}

/** How many system messages lead the history. */
function leadingSystem(messages: readonly ModelMessage[]): number {
  let count = 0;
  while (messages[count]?.role === 'system') count += 1;
  return count;
}

/** Index of the latest user or tool message before `before` (-1: none). */
function latestUserOrTool(messages: readonly ModelMessage[], before: number): number {
  for (let index = before - 1; index >= 0; index -= 1) {
    const role = messages[index]?.role;
    if (role === 'user' || role === 'tool') return index;
  }
  return -1;
}
