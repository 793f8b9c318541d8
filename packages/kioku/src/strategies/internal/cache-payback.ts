import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { Strategy, StrategyEdit } from '../strategy.js';
import { checkFraction } from './check-option.js';
import { usableTokens } from './usable-tokens.js';

/** Options of {@link cachePayback}: cache prices relative to the uncached input price, and the horizon. */
export interface CachePaybackOptions {
  /** Price of a cached input token read; default 0.1 (Anthropic, DeepSeek). */
  cacheRead?: number;
  /** Price of an input token written to the cache; default 1.25 (Anthropic's 5-minute write). */
  cacheWrite?: number;
  /**
   * Calls expected to remain, per call made so far (assistant messages in the history); default 0.5: a run
   * that has gone on for n calls is expected to go on for n/2 more (1 and 0.25 tried on the dev runs,
   * `bench/strategies/default-frontier.mjs`: 1 cost up to 1.023× unmanaged on tau-bench, 0.25 hid fewer facts
   * but sent 0.64–0.67× the tokens on the long runs).
   */
  horizon?: number;
}

/** What {@link cachePayback} remembers between calls. */
export interface CachePaybackState<State> {
  /** The wrapped strategy's state as of the last rewrite it was allowed. */
  readonly inner: State;
  /** The history of the previous call and what was sent for it. */
  readonly input: readonly ModelMessage[];
  readonly output: readonly ModelMessage[];
  readonly edits: readonly StrategyEdit[];
}

/**
 * Lets a strategy that edits old messages in place (masking, input clearing) rewrite the provider's
 * cached prefix only when the rewrite pays back over the calls likely to remain. When the wrapped
 * strategy proposes new edits, the prompt it proposes is compared with the one that keeps the previous
 * call's prompt and appends the new messages: the rewrite costs `cacheWrite - cacheRead` per token from
 * the first changed message to the end of the previous prompt (written again instead of read), and saves
 * `cacheRead` per removed token at this call and at each of the `horizon × calls so far` calls expected
 * to follow. The edits are taken when the saving is at least the cost; otherwise the previous prompt is
 * kept and the wrapped strategy asked again at the next call (a later, larger batch may pay). On short
 * runs nothing is rewritten, so the prompt is the unmanaged one and never costs more than it; a prompt
 * that would not fit the usable window without the edits takes them whatever they cost. The
 * history must extend the previous call's (the same message objects, as the compactor and a replay give
 * it); otherwise the edits are taken as proposed.
 */
export function cachePayback<State>(
  strategy: Strategy<State>,
  { cacheRead = 0.1, cacheWrite = 1.25, horizon = 0.5 }: CachePaybackOptions = {},
): Strategy<CachePaybackState<State>> {
  checkFraction({ strategy: 'cachePayback', option: 'cacheRead', value: cacheRead });
  checkFraction({
    strategy: 'cachePayback',
    option: 'cacheWrite',
    value: cacheWrite,
    min: cacheRead,
    max: 10,
  });
  checkFraction({ strategy: 'cachePayback', option: 'horizon', value: horizon, max: 100 });
  const initial: CachePaybackState<State> = {
    inner: strategy.initialState(),
    input: [],
    output: [],
    edits: [],
  };
  return {
    name: `cache-payback(${strategy.name})`,
    lossy: strategy.lossy,
    needsModel: strategy.needsModel,
    ...(strategy.placesCacheBreakpoints === true ? { placesCacheBreakpoints: true } : {}),
    initialState: () => initial,
    async apply({ state, ...input }) {
      const result = await strategy.apply({ ...input, state: state.inner });
      const { messages, counter } = input;
      const take = () => ({
        messages: result.messages,
        edits: result.edits,
        state: { inner: result.state, input: messages, output: result.messages, edits: result.edits },
      });
      if (result.state === state.inner || !extendsPrevious(state.input, messages)) return take();
      const held = [...state.output, ...messages.slice(state.input.length)];
      if (held.length !== result.messages.length) return take();
      const first = held.findIndex((message, index) => message !== result.messages[index]);
      if (first === -1) return take();
      // A prompt that would not fit the window is never kept for the cache's sake.
      const heldTokens = tokensOf(counter, held, 0) + counter.countTools(input.tools ?? []);
      if (heldTokens > usableTokens(input.budget)) return take();
      const saved = tokensOf(counter, held, first) - tokensOf(counter, result.messages, first);
      const rewritten = tokensOf(counter, result.messages.slice(0, state.output.length), first);
      const callsSoFar = messages.filter((message) => message.role === 'assistant').length;
      const expected = 1 + horizon * callsSoFar;
      if (saved > 0 && saved * cacheRead * expected >= (cacheWrite - cacheRead) * rewritten) return take();
      return {
        messages: held,
        edits: [...state.edits],
        state: { inner: state.inner, input: messages, output: held, edits: state.edits },
      };
    },
  };
}

/** True when `messages` starts with every message of `previous` (the same objects). */
function extendsPrevious(previous: readonly ModelMessage[], messages: readonly ModelMessage[]): boolean {
  if (previous.length === 0 || messages.length < previous.length) return false;
  return previous.every((message, index) => messages[index] === message);
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
