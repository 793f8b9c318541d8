import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { Strategy, StrategyEdit } from '../strategy.js';
import { checkFraction } from './check-option.js';
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
   * Calls expected to remain, per call made so far (assistant messages in the history); default 0.5: a run
   * that has gone on for n calls is expected to go on for n/2 more (1 and 0.25 tried on the dev runs,
   * `bench/strategies/default-frontier.mjs`: 1 cost up to 1.023× unmanaged on tau-bench, 0.25 hid fewer facts
   * but sent 0.64–0.67× the tokens on the long runs).
   */
  horizon?: number;
  /**
   * Also count, towards paying for the rewrite, what keeping the previous prompt has already cost since
   * the wrapped strategy first proposed the edits (the removed tokens read again at every call they were
   * held): the rent-or-buy break-even, so with `horizon` 0 a rewrite is taken once holding has cost as
   * much as rewriting, whatever the run's length; default false.
   */
  breakEven?: boolean;
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
 * call's prompt and appends the new messages: the rewrite costs `cacheWrite - cacheRead` per token from
 * the first changed message to the end of the previous prompt (written again instead of read; where the
 * cache keeps only marked prefixes, from the last breakpoint before it: the previous edits' frontier,
 * else the system prompt), and saves
 * `cacheRead` per removed token at this call and at each of the `horizon × calls so far` calls expected
 * to follow (with `breakEven`, plus what holding the edits has cost so far). The prices are those the call
 * is billed at (`budget.cachePrices`) unless given: without a write premium a rewrite costs only the
 * cache discount it loses, and without a cache nothing. The edits are taken when the saving is at least
 * the cost; otherwise the previous prompt is kept and the wrapped strategy asked again at the next call
 * (a later, larger batch may pay). On short runs nothing is rewritten, so the prompt is the unmanaged one
 * and never costs more than it; a prompt that would not fit the usable window without the edits takes
 * them whatever they cost. The history must extend the previous call's (the same message objects, as the
 * compactor and a replay give it); otherwise the edits are taken as proposed.
 */
export function cachePayback<State>(
  strategy: Strategy<State>,
  { cacheRead, cacheWrite, horizon = 0.5, breakEven = false }: CachePaybackOptions = {},
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
      const held = [...state.output, ...messages.slice(state.input.length)];
      if (held.length !== result.messages.length) return take();
      const first = held.findIndex((message, index) => message !== result.messages[index]);
      if (first === -1) return take();
      // A prompt that would not fit the window is never kept for the cache's sake.
      const heldTokens = tokensOf(counter, held, 0) + counter.countTools(input.tools ?? []);
      if (heldTokens > usableTokens(budget)) return take();
      const read = cacheRead ?? budget.cachePrices?.read ?? anthropicRead;
      const write = Math.max(read, cacheWrite ?? budget.cachePrices?.write ?? anthropicWrite);
      const saved = tokensOf(counter, held, first) - tokensOf(counter, result.messages, first);
      // A cache that keeps only marked prefixes reads up to the last breakpoint before the change: the
      // previous edits' frontier (`cacheBreakpoints` marks it), else the system prompt.
      const marked = budget.cachePrices?.marked ?? true;
      const from = marked
        ? Math.min(first, Math.max(lastChanged(state.input, state.output) + 1, leadingSystem(messages)))
        : first;
      const rewritten = tokensOf(counter, result.messages.slice(0, state.output.length), from);
      const callsSoFar = messages.filter((message) => message.role === 'assistant').length;
      const expected = 1 + horizon * callsSoFar;
      const paid = breakEven ? state.rent : 0;
      if (saved > 0 && saved * read * expected + paid >= (write - read) * rewritten) return take();
      return {
        messages: held,
        edits: [...state.edits],
        state: {
          inner: state.inner,
          input: messages,
          output: held,
          edits: state.edits,
          rent: state.rent + Math.max(0, saved) * read,
        },
      };
    },
  };
}

/** True when `messages` starts with every message of `previous` (the same objects). */
function extendsPrevious(previous: readonly ModelMessage[], messages: readonly ModelMessage[]): boolean {
  if (previous.length === 0 || messages.length < previous.length) return false;
  return previous.every((message, index) => messages[index] === message);
}

/** The last index where `output` holds another message than `input` (-1: none). */
function lastChanged(input: readonly ModelMessage[], output: readonly ModelMessage[]): number {
  for (let index = Math.min(input.length, output.length) - 1; index >= 0; index -= 1) {
    if (output[index] !== input[index]) return index;
  }
  return -1;
}

/** How many system messages lead the history. */
function leadingSystem(messages: readonly ModelMessage[]): number {
  let count = 0;
  while (messages[count]?.role === 'system') count += 1;
  return count;
}

/** Tokens of `messages` from index `from` on. */
function tokensOf(counter: TokenCounter, messages: readonly ModelMessage[], from: number): number {
  let sum = 0;
  for (let index = from; index < messages.length; index += 1) {
    const message = messages[index];
    if (message !== undefined) sum += counter.countMessage(message);
  }
  return sum;
}
