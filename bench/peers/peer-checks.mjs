// Each peer's real code against kioku's model of it, on one recorded run: the LangChain.js agent loop
// and the AI SDK generateText loop run here; OpenHands' Python output is read from its fixture.
import { readFile } from 'node:fs/promises';
import {
  aiSdkPruneMessages,
  langChainContextEditing,
  openHandsObservationMasking,
  sweAgentLastObservations,
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

/** A fixture of a peer's Python output (see python-fixtures.mjs): `openhands-masking` or `swe-agent-last-n`. */
export async function loadFixture(name) {
  return JSON.parse(await readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}
