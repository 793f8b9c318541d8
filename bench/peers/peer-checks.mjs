// Each peer's real code against kioku's model of it, on one recorded run: the LangChain.js agent loop
// and the AI SDK generateText loop run here; OpenHands' Python output is read from its fixture.
import { readFile } from 'node:fs/promises';
import { aiSdkPruneMessages, langChainContextEditing, openHandsObservationMasking } from 'kioku/replay';
import { runAiSdkLoop } from './ai-sdk-loop.mjs';
import { comparePrompts } from './compare-prompts.mjs';
import { runLangChainAgent } from './langchain-loop.mjs';
import { recordedSteps } from './recorded-steps.mjs';

/** The fixture of OpenHands' own output at sampled calls (see python-fixtures.mjs). */
export const openHandsFixture = new URL('./fixtures/openhands-masking.json', import.meta.url);

/** LangChain's `contextEditingMiddleware` at `triggerTokens`, real loop against `langChainContextEditing`. */
export async function langChainCheck(transcript, { triggerTokens, maxSteps }) {
  const script = recordedSteps(transcript, { maxSteps });
  return comparePrompts({
    model: script.model,
    unmanaged: await runLangChainAgent(script),
    real: await runLangChainAgent(script, { triggerTokens }),
    strategy: langChainContextEditing({ triggerTokens }),
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

/** The messages OpenHands sent at one fixture call, as AI SDK messages. */
function fixtureMessages(transcript, messages) {
  return messages.map((message) =>
    'from' in message
      ? transcript.messages[message.from]
      : { role: message.role, content: [{ type: 'text', text: message.text }] },
  );
}

/**
 * OpenHands' observation masking at the fixture's sampled calls of `transcript` (call k follows k
 * steps: the first 2 + 2k recorded messages) against `openHandsObservationMasking`.
 */
export async function openHandsCheck(transcript, fixtureRun) {
  const strategy = openHandsObservationMasking({ attentionWindow: fixtureRun.attentionWindow });
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

/** The fixture's runs. */
export async function loadOpenHandsFixture() {
  return JSON.parse(await readFile(openHandsFixture, 'utf8'));
}
