import { isDeepStrictEqual } from 'node:util';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { it } from 'vitest';
import { isObservation } from '../messages/observation-mark.js';
import { sameMessage } from '../messages/same-message.js';
import { splitSteps, splitTurns } from '../messages/split-turns.js';
import { validateHistory } from '../messages/validate-history.js';
import { withObservationTurns } from '../strategies/internal/observation-turns.js';
import { pinnedIndexes } from '../strategies/internal/pinned-indexes.js';
import type { Strategy, StrategyBudget } from '../strategies/strategy.js';
import { assistantCalls } from '../transcripts/assistant-calls.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { agentHistory } from './arbitrary-history.js';
import { quarterCounter } from './quarter-counter.js';
import { reactHistory } from './react-history.js';

/** Options of {@link strategyConformance}. */
export interface StrategyConformanceOptions {
  /** Builds the strategy under test; called once for the whole run and once more per case to check purity. */
  make: () => Strategy;
  /** Generated histories to replay; default `KIOKU_PROPERTY_RUNS`, else 10,000. */
  numRuns?: number;
  /** Longest generated history, in agent steps; default 14. */
  maxSteps?: number;
  /**
   * The strategy shrinks to a `budget.target` it is given: also checks that `compact` (else `apply`),
   * given a target at least what it may not drop (system and pinned messages with their steps, the
   * latest user message, the newest step; whole turns with `unit: 'turns'`) plus `addedTokens` (what the
   * strategy adds: a summary; default 0), returns a prompt within it. Default: not checked.
   */
  shrinksToTarget?: { addedTokens?: number; unit?: 'steps' | 'turns' };
}

const tools: ToolDefinition[] = [
  { name: 'bash', description: 'Run a command.', inputSchema: { type: 'object', properties: {} } },
];

/** A generated history, the calls an agent would make on it (prompt lengths) and a budget. */
const replayCase = (maxSteps: number) =>
  fc
    .record({
      messages: agentHistory({ maxSteps }),
      picks: fc.array(fc.nat(), { maxLength: 4 }),
      budget: fc.record({
        contextWindow: fc.integer({ min: 100, max: 40_000 }),
        reservedOutputTokens: fc.integer({ min: 0, max: 200 }),
      }),
      withTools: fc.boolean(),
    })
    .map(({ messages, picks, budget, withTools }) => {
      // The agent calls the model before each assistant message; the last call sees the whole history.
      const callPoints = assistantCalls(messages).map((call) => call.messageCount);
      const lengths = new Set(picks.map((pick) => callPoints[pick % Math.max(1, callPoints.length)] ?? 0));
      lengths.delete(0);
      lengths.add(messages.length);
      return {
        messages: deepFreeze(messages),
        lengths: [...lengths].sort((a, b) => a - b),
        budget: budget satisfies StrategyBudget,
        tools: withTools ? tools : undefined,
      };
    });

/**
 * The conformance suite every strategy passes: generated agent histories (`agentHistory`) replayed call
 * by call at growing prefixes, with the state carried through a JSON round trip (states must survive
 * being stored), checking at every call that the output is valid (`validateHistory`), keeps every pinned
 * message (the same object, or a copy that differs only by its cache marker), leaves the frozen input untouched, does not grow the prompt, is the input
 * itself when the strategy is not lossy, keeps every placeholder it sent at the previous call (or drops the part), and is
 * what a fresh instance of the strategy returns for the same input and state (every fourth case). A tenth
 * as many generated ReAct histories check the strategy on a text-based agent's observations. With
 * `shrinksToTarget`, a tenth as many histories check that a target it is given is met.
 */
export function strategyConformance({
  make,
  numRuns = Number(process.env.KIOKU_PROPERTY_RUNS ?? 10_000),
  maxSteps = 14,
  shrinksToTarget,
}: StrategyConformanceOptions): void {
  reactConformance(make, Math.max(1, Math.ceil(numRuns / 10)), maxSteps);
  if (shrinksToTarget !== undefined) {
    const runs = Math.max(1, Math.ceil(numRuns / 10));
    targetConformance(make, runs, maxSteps, shrinksToTarget);
  }
  it(`replays ${numRuns} generated histories call by call, keeping them valid`, async () => {
    const strategy = make();
    const counter = quarterCounter();
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(replayCase(maxSteps), async ({ messages, lengths, budget, tools: sent }) => {
        cases += 1;
        let state: unknown = strategy.initialState();
        let placeholders = new Set<string>();
        for (const [call, length] of lengths.entries()) {
          const input = messages.slice(0, length);
          const given = JSON.parse(JSON.stringify(state)) as unknown;
          const run = { messages: input, counter, budget, state: given, ...(sent ? { tools: sent } : {}) };
          const result = await strategy.apply(run);
          const { messages: output } = result;

          check(output !== input, 'returned the input array itself');
          const violations = validateHistory(output);
          check(violations.length === 0, () => violations.map((violation) => violation.message).join('; '));
          for (const index of pinnedIndexes(input)) {
            check(
              output.some((sent) => sameMessage(sent, input[index] as ModelMessage)),
              () => `dropped or changed pinned message ${index}`,
            );
          }
          const before = counter.countPrompt({ messages: input });
          const after = counter.countPrompt({ messages: output });
          check(after <= before, () => `grew the prompt from ${before} to ${after} tokens`);
          if (!strategy.lossy) {
            check(
              output.length === input.length && output.every((message, index) => message === input[index]),
              'a lossless strategy changed the history',
            );
          }
          for (const edit of result.edits) {
            check(
              edit.messageIndexes.every((index) => index >= 0 && index < length),
              () => `edit ${JSON.stringify(edit)} points outside the history`,
            );
          }
          const present = toolPartIds(input).all;
          const { all: inOutput, placeholders: now } = toolPartIds(output);
          for (const id of placeholders) {
            check(
              !present.has(id) || !inOutput.has(id) || now.has(id),
              () => `${id} was a placeholder and is no longer`,
            );
          }
          placeholders = now;
          // A fresh instance (no caches) must agree; checked on every fourth case, at its last call.
          if (call === lengths.length - 1 && cases % 4 === 0) {
            const again = await make().apply({ ...run, state: JSON.parse(JSON.stringify(state)) });
            check(isDeepStrictEqual(again.messages, output), 'a fresh instance returned other messages');
            check(isDeepStrictEqual(again.state, result.state), 'a fresh instance returned another state');
          }
          state = result.state;
        }
      }),
      { numRuns },
    );
  });
}

/**
 * The target part of {@link strategyConformance}: on generated histories, the strategy asked to shrink now
 * (`compact`, else `apply`) with a `budget.target` between what it must keep (plus `addedTokens`) and the
 * history's size returns a prompt within that target.
 */
function targetConformance(
  make: () => Strategy,
  numRuns: number,
  maxSteps: number,
  { addedTokens = 0, unit = 'steps' }: NonNullable<StrategyConformanceOptions['shrinksToTarget']>,
): void {
  it(`meets the target it is given on ${numRuns} generated histories`, async () => {
    const strategy = make();
    const counter = quarterCounter();
    await fc.assert(
      fc.asyncProperty(
        replayCase(maxSteps),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async ({ messages, budget, tools: sent }, share) => {
          const count = (history: readonly ModelMessage[]) =>
            counter.countPrompt(
              sent === undefined ? { messages: history } : { messages: history, tools: sent },
            );
          const floor = count(mustKeep(messages, unit)) + addedTokens;
          const target = Math.round(floor + share * Math.max(0, count(messages) - floor));
          const output = await (strategy.compact ?? strategy.apply).call(strategy, {
            messages,
            counter,
            budget: { ...budget, target },
            state: strategy.initialState(),
            ...(sent ? { tools: sent } : {}),
          });
          const after = count(output.messages);
          check(after <= target, () => `sent ${after} tokens for a target of ${target}`);
        },
      ),
      { numRuns },
    );
  });
}

/**
 * What a strategy may not drop: system and pinned messages with their steps (or turns), the latest user
 * message, the newest step (or turn).
 */
function mustKeep(messages: readonly ModelMessage[], unit: 'steps' | 'turns'): ModelMessage[] {
  const pinned = pinnedIndexes(messages);
  const steps = (unit === 'steps' ? splitSteps : splitTurns)(messages);
  const newest = steps.at(-1)?.start ?? 0;
  const latestUser = messages.findLastIndex((message) => message.role === 'user');
  const inPinnedStep = new Set(
    steps.flatMap(({ start, end }) => {
      const indexes = Array.from({ length: end - start }, (_, offset) => start + offset);
      return indexes.some((index) => pinned.has(index)) ? indexes : [];
    }),
  );
  return messages.filter(
    (message, index) =>
      message.role === 'system' || inPinnedStep.has(index) || index === latestUser || index >= newest,
  );
}

/**
 * The ReAct part of {@link strategyConformance}: generated text-based histories (`reactHistory`: actions in
 * assistant text, observations as marked user messages) through the strategy as every compactor runs it
 * (`withObservationTurns`), checking at every call that the output is valid, holds no tool part (the
 * strategy's view of the observations never leaks), keeps pinned messages, and that every observation it
 * changed is still a marked user message. (Growth is checked on tool-call histories only: the view adds a
 * small tool call per observation, which a strategy that drops it counts as saved.)
 */
function reactConformance(make: () => Strategy, numRuns: number, maxSteps: number): void {
  it(`replays ${numRuns} generated ReAct histories, observations masked as user turns`, async () => {
    const strategy = withObservationTurns(make());
    const counter = quarterCounter();
    await fc.assert(
      fc.asyncProperty(reactHistory({ maxSteps }), async (messages) => {
        deepFreeze(messages);
        let state: unknown = strategy.initialState();
        const budget = { contextWindow: 4_000, reservedOutputTokens: 100 };
        const points = assistantCalls(messages).map((call) => call.messageCount);
        for (const length of [...points, messages.length]) {
          const input = messages.slice(0, length);
          const result = await strategy.apply({
            messages: input,
            counter,
            budget,
            state: JSON.parse(JSON.stringify(state)),
          });
          const output = result.messages;
          const violations = validateHistory(output);
          check(violations.length === 0, () => violations.map((violation) => violation.message).join('; '));
          check(
            output.every(
              (message) =>
                typeof message.content === 'string' ||
                message.content.every((part) => part.type !== 'tool-call' && part.type !== 'tool-result'),
            ),
            'a tool part of the observation view was sent',
          );
          for (const index of pinnedIndexes(input)) {
            check(
              output.some((sent) => sameMessage(sent, input[index] as ModelMessage)),
              () => `dropped or changed pinned message ${index}`,
            );
          }
          const given = new Set(input);
          for (const message of output) {
            if (given.has(message) || message.providerOptions?.kioku?.observation !== true) continue;
            check(isObservation(message), 'a changed observation is no longer a marked user message');
          }
          state = result.state;
        }
      }),
      { numRuns },
    );
  });
}

/** Throws when `condition` is false; cheaper than `expect` in a loop run a hundred thousand times. */
function check(condition: boolean, message: string | (() => string)): void {
  if (!condition) throw new Error(typeof message === 'string' ? message : message());
}

/** `kind:id` of every tool call and result in `messages`, and of those a strategy replaced by a placeholder. */
function toolPartIds(messages: readonly ModelMessage[]): { all: Set<string>; placeholders: Set<string> } {
  const all = new Set<string>();
  const placeholders = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-call' && part.type !== 'tool-result') continue;
      const id = `${part.type}:${part.toolCallId}`;
      all.add(id);
      if (part.providerOptions?.kioku?.placeholder === true) placeholders.add(id);
    }
  }
  return { all, placeholders };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
