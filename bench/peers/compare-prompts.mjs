// Compares the prompts a real peer loop sent with what kioku's model of that peer makes of the same
// history, call by call, both counted with kioku's counter for the run's model.
import { counterForModel } from 'kioku';

/**
 * Replays `unmanaged` (the prompt of each call without the peer's editing, as the real loop holds the
 * history) through `strategy` with its state carried, and counts each output against `real` (the prompts
 * the real loop sent with the peer's editing). Returns one row per call and the largest relative error.
 */
export async function comparePrompts({ model, unmanaged, real, strategy, contextWindow = 200_000 }) {
  if (unmanaged.length !== real.length) {
    throw new Error(`the real loop made ${real.length} calls, the unmanaged one ${unmanaged.length}`);
  }
  const counter = counterForModel(model);
  // The real loops make new message objects at every call: equal messages are made one object, so the
  // counter's per-message cache counts each once.
  const interned = new Map();
  const intern = (messages) =>
    messages.map((message) => {
      const key = JSON.stringify(message);
      if (!interned.has(key)) interned.set(key, message);
      return interned.get(key);
    });
  let state = strategy.initialState();
  const calls = [];
  for (const [call, messages] of unmanaged.entries()) {
    const output = await strategy.apply({ messages, counter, budget: { contextWindow }, state });
    state = output.state;
    const realTokens = counter.countPrompt({ messages: intern(real[call]) });
    const modelTokens = counter.countPrompt({ messages: intern(output.messages) });
    calls.push({
      call,
      unmanagedTokens: counter.countPrompt({ messages: intern(messages) }),
      realTokens,
      modelTokens,
      relativeError: Math.abs(modelTokens - realTokens) / realTokens,
    });
  }
  return { calls, maxRelativeError: Math.max(0, ...calls.map((row) => row.relativeError)) };
}
