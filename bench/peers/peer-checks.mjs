// Each peer's real code against kioku's model of it, on one recorded run: the LangChain.js agent loop
// and the AI SDK generateText loop run here; OpenHands' and SWE-agent's Python output is read from their
// fixtures.
import { readFile } from 'node:fs/promises';
import { counterForModel } from 'kioku';
import {
  aiSdkPruneMessages,
  langChainContextEditing,
  layoutPrompt,
  openHandsObservationMasking,
  resolvePricing,
  simulateCost,
  sweAgentCacheControl,
  sweAgentLastObservations,
  withCacheMarker,
} from 'kioku/replay';
import { runAiSdkLoop } from './ai-sdk-loop.mjs';
import { comparePrompts } from './compare-prompts.mjs';
import { runLangChainAgent } from './langchain-loop.mjs';
import { recordedSteps } from './recorded-steps.mjs';

/** LangChain's `contextEditingMiddleware` at `triggerTokens`, real loop against `langChainContextEditing`. */
export async function langChainCheck(transcript, { triggerTokens, maxSteps }) {
  const script = recordedSteps(transcript, { maxSteps });
  return comparePrompts({
    model: script.model,
    unmanaged: await runLangChainAgent(script),
    real: await runLangChainAgent(script, { triggerTokens }),
    strategy: langChainContextEditing({ trigger: { inputTokens: triggerTokens } }),
  });
}

/** The AI SDK's `pruneMessages` recipe at `threshold`, real loop against `aiSdkPruneMessages`. */
export async function aiSdkCheck(transcript, { threshold, maxSteps }) {
  const script = recordedSteps(transcript, { maxSteps });
  return comparePrompts({
    model: script.model,
    unmanaged: await runAiSdkLoop(script),
    real: await runAiSdkLoop(script, { threshold }),
    strategy: aiSdkPruneMessages({ threshold }),
  });
}

/** The messages a peer sent at one fixture call, as AI SDK messages. */
function fixtureMessages(transcript, messages) {
  const toolNames = new Map(
    transcript.messages.flatMap((message) =>
      message.role === 'assistant' && Array.isArray(message.content)
        ? message.content.flatMap((part) =>
            part.type === 'tool-call' ? [[part.toolCallId, part.toolName]] : [],
          )
        : [],
    ),
  );
  return messages.map((message) => {
    if ('from' in message) return transcript.messages[message.from];
    if (message.role !== 'tool')
      return { role: message.role, content: [{ type: 'text', text: message.text }] };
    const toolName = toolNames.get(message.toolCallId);
    const output = { type: 'text', value: message.text };
    return {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: message.toolCallId, toolName, output }],
    };
  });
}

/**
 * A peer's Python output at the fixture's sampled calls of `transcript` (call k follows k steps: the
 * first 2 + 2k recorded messages) against kioku's model of it, `strategy`.
 */
async function fixtureCheck(transcript, fixtureRun, strategy) {
  const unmanaged = [];
  const real = [];
  for (const { call, messages } of fixtureRun.calls) {
    unmanaged.push(transcript.messages.slice(0, 2 + 2 * call));
    real.push(fixtureMessages(transcript, messages));
  }
  const compared = await comparePrompts({
    model: transcript.model ?? transcript.calls[0]?.model,
    unmanaged,
    real,
    strategy,
  });
  compared.calls = compared.calls.map((row, index) => ({ ...row, call: fixtureRun.calls[index].call }));
  return compared;
}

/** OpenHands' observation masking (its Python output) against `openHandsObservationMasking`. */
export function openHandsCheck(transcript, fixtureRun) {
  return fixtureCheck(
    transcript,
    fixtureRun,
    openHandsObservationMasking({ attentionWindow: fixtureRun.window }),
  );
}

/** SWE-agent's `LastNObservations` with n = 5 (its Python output) against `sweAgentLastObservations`. */
export function sweAgentCheck(transcript, fixtureRun) {
  if (fixtureRun.window !== 5)
    throw new Error(`sweAgentLastObservations keeps 5 observations, not ${fixtureRun.window}`);
  return fixtureCheck(transcript, fixtureRun, sweAgentLastObservations());
}

const marker = { type: 'ephemeral' };
const markedIndexes = (messages) =>
  messages.flatMap((message, index) =>
    message.providerOptions?.anthropic?.cacheControl === undefined ? [] : [index],
  );

/**
 * SWE-agent ≥ 1.1's `cache_control` processor (its Python marks at every call of a run: the recorded
 * prompt, marked on the messages the fixture names) against kioku's model of it, `strategy` (default
 * `sweAgentCacheControl` with the fixture's `last_n_messages`), its state carried from call to call. Per
 * call: the marked messages, the breakpoints' token positions, the prompt tokens, and the cached input
 * cost and cache reads and writes of the whole sequence, priced under Anthropic's breakpoint caching at
 * the run's model's input price (`anthropic-style`; each call at its recorded time when the run has it).
 * A call's `relativeError` is the largest of the prompt tokens', the breakpoint positions' (relative to the
 * prompt) and the cached input cost's; a breakpoint one side has and the other has not counts as the
 * whole prompt.
 */
export async function sweAgentCacheControlCheck(
  transcript,
  fixtureRun,
  { strategy = sweAgentCacheControl({ lastNMessages: fixtureRun.window }) } = {},
) {
  const modelId = transcript.model ?? transcript.calls.find((call) => call.model)?.model;
  const counter = counterForModel(modelId);
  const pricing = resolvePricing({ modelId, pricing: 'anthropic-style' });
  const times = new Map(transcript.calls.map((call) => [call.messageCount, call.timestamp]));
  let state = strategy.initialState();
  const real = [];
  const model = [];
  for (const { call, messages: count, marked } of fixtureRun.calls) {
    const sent = transcript.messages.slice(0, count);
    if (sent.length !== count) {
      throw new Error(
        `${transcript.id} call ${call}: ${count} messages in the fixture, ${sent.length} recorded`,
      );
    }
    const output = await strategy.apply({
      messages: sent,
      counter,
      budget: { contextWindow: 200_000 },
      state,
    });
    state = output.state;
    const timestamp = times.get(count);
    real.push({
      call,
      prompt: {
        messages: sent.map((message, index) =>
          withCacheMarker(message, marked.includes(index) ? marker : undefined),
        ),
      },
      timestamp,
    });
    model.push({ call, prompt: { messages: output.messages }, timestamp });
  }
  const bill = (calls) =>
    simulateCost({
      calls: calls.map(({ prompt, timestamp }) => ({ prompt, outputTokens: 0, timestamp })),
      model: pricing.model,
      counter,
      policy: pricing.policy,
    });
  const realBills = bill(real).calls;
  const modelBills = bill(model).calls;
  const positions = ({ prompt }) => {
    const { blocks } = layoutPrompt(prompt, { counter });
    return markedIndexes(prompt.messages).map((index) => blocks[index].end);
  };
  const relative = (a, b) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), Number.EPSILON));
  const calls = real.map((realCall, index) => {
    const modelCall = model[index];
    const realTokens = counter.countPrompt(realCall.prompt);
    const modelTokens = counter.countPrompt(modelCall.prompt);
    const realPositions = positions(realCall);
    const modelPositions = positions(modelCall);
    const positionError =
      realPositions.length === modelPositions.length
        ? Math.max(0, ...realPositions.map((at, k) => Math.abs(at - modelPositions[k]) / realTokens))
        : 1;
    const realBill = realBills[index];
    const modelBill = modelBills[index];
    return {
      call: realCall.call,
      realMarked: markedIndexes(realCall.prompt.messages),
      modelMarked: markedIndexes(modelCall.prompt.messages),
      realPositions,
      modelPositions,
      realTokens,
      modelTokens,
      realCost: realBill.cost,
      modelCost: modelBill.cost,
      realCacheRead: realBill.cacheReadTokens,
      modelCacheRead: modelBill.cacheReadTokens,
      realCacheWrite: realBill.cacheWriteTokens,
      modelCacheWrite: modelBill.cacheWriteTokens,
      relativeError: Math.max(
        relative(modelTokens, realTokens),
        positionError,
        relative(modelBill.cost, realBill.cost),
      ),
    };
  });
  const total = (rows, key) => rows.reduce((sum, row) => sum + row[key], 0);
  return {
    calls,
    pricing: pricing.name,
    realCost: total(realBills, 'cost'),
    modelCost: total(modelBills, 'cost'),
    maxRelativeError: Math.max(0, ...calls.map((row) => row.relativeError)),
  };
}

/**
 * A fixture of a peer's Python output (see python-fixtures.mjs): `openhands-masking`, `swe-agent-last-n`
 * or `swe-agent-cache-control`.
 */
export async function loadFixture(name) {
  return JSON.parse(await readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}
