import type { ModelMessage } from 'ai';
import type { Strategy, StrategyEdit, StrategyInput, StrategyOutput } from '../strategy.js';

/** The state type of a strategy. */
export type StateOf<S> = S extends Strategy<infer State> ? State : never;

/** The states of a list of strategies, as a tuple. */
export type StatesOf<Strategies extends readonly Strategy<unknown>[]> = {
  -readonly [K in keyof Strategies]: StateOf<Strategies[K]>;
};

/**
 * Applies strategies in order, each to the previous one's output: e.g. clear big inputs, then mask old
 * outputs, then truncate what still does not fit. The state is the tuple of the strategies' states;
 * `lossy` and `needsModel` are true when any strategy's is; `placesCacheBreakpoints` is the last
 * strategy's (a later stage would move the markers an earlier one placed). Edits are concatenated in order, each
 * with message indexes into the history its own strategy received (the previous stage's output). When a
 * stage offers `compact`, so does the pipeline: each stage's `compact` where it has one, else its `apply`.
 *
 * @example
 * const strategy = pipeline(toolInputClearing(), observationMasking({ keep: 10 }), truncation());
 * const { messages, state } = await strategy.apply({ messages: history, counter, budget, state: strategy.initialState() });
 */
export function pipeline<const Strategies extends readonly Strategy<unknown>[]>(
  ...strategies: Strategies
): Strategy<StatesOf<Strategies>> {
  const last = strategies.at(-1);
  const run = async (
    { messages, tools, counter, budget, state, abortSignal }: StrategyInput<StatesOf<Strategies>>,
    now: boolean,
  ): Promise<StrategyOutput<StatesOf<Strategies>>> => {
    let current: readonly ModelMessage[] = messages;
    const edits: StrategyEdit[] = [];
    const states: unknown[] = [];
    for (const [index, strategy] of strategies.entries()) {
      const input = {
        messages: current,
        ...(tools === undefined ? {} : { tools }),
        counter,
        budget,
        state: state[index],
        ...(abortSignal === undefined ? {} : { abortSignal }),
      };
      const result = await (now && strategy.compact !== undefined
        ? strategy.compact(input)
        : strategy.apply(input));
      current = result.messages;
      edits.push(...result.edits);
      states.push(result.state);
    }
    const unchanged = states.every((subState, index) => subState === state[index]);
    return {
      messages: current === messages ? messages.slice() : (current as ModelMessage[]),
      edits,
      state: unchanged ? state : (states as StatesOf<Strategies>),
    };
  };
  return {
    ...(last?.placesCacheBreakpoints === true ? { placesCacheBreakpoints: true } : {}),
    name: `pipeline(${strategies.map((strategy) => strategy.name).join(', ')})`,
    lossy: strategies.some((strategy) => strategy.lossy),
    needsModel: strategies.some((strategy) => strategy.needsModel),
    initialState: () => strategies.map((strategy) => strategy.initialState()) as StatesOf<Strategies>,
    apply: (input) => run(input, false),
    ...(strategies.some((strategy) => strategy.compact !== undefined)
      ? { compact: (input: StrategyInput<StatesOf<Strategies>>) => run(input, true) }
      : {}),
  };
}
