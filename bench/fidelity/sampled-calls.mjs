// What the fidelity sample is made of: the strategies a sampled call is replayed under, and a replay that
// keeps, for chosen calls, the unmanaged prompt, the managed prompt and the agent's recorded answer.
// Run `npm run build` first.
import { counterForModel } from 'kioku';
import { baselineCatalog, replayTranscript, resolvePricing } from 'kioku/replay';
import { modelOf } from './agent-sets.mjs';

/**
 * The configurations calls are sampled under: kioku's default, naive masking M=10, SWE-agent's last 5
 * observations, and the AI SDK recipe with its trigger at 0.15 of the window (deletes whole old tool
 * exchanges, the agent's own calls included).
 */
export const samplingStrategies = [
  'kioku-default',
  'naive-masking-10',
  'swe-agent-1.0-last-5',
  'ai-sdk-prune-messages@0.15',
];

/** The strategy a sampling name stands for (`name@fraction`: a peer with its token trigger there). */
export function createSamplingStrategy(name) {
  const [entryName, fraction] = name.split('@');
  const entry = baselineCatalog.find((candidate) => candidate.name === entryName);
  if (entry === undefined) throw new Error(`no strategy ${entryName}`);
  return fraction === undefined ? entry.create() : entry.create({ trigger: { fraction: Number(fraction) } });
}

const none = { facts: 0, hidden: [], outputFacts: 0, hiddenOutputFacts: [], toolCalls: [] };

/**
 * Replays `transcript` of `set` under the sampling strategy `name` (priced Anthropic-style, within its
 * model's window) and returns, per replayed call, `{history, managed, response}`: the unmanaged prompt,
 * the prompt the strategy sent, and the agent's recorded answer (undefined when the call has none).
 */
export async function replayPrompts(set, transcript, name) {
  const modelId = modelOf(set, transcript);
  const prompts = [];
  await replayTranscript({
    transcript,
    strategy: createSamplingStrategy(name),
    counter: counterForModel(modelId),
    pricing: resolvePricing({ modelId, pricing: 'anthropic-style' }),
    fidelity: {
      measure: ({ history, managed, response }) => {
        prompts.push({ history, managed, response });
        return none;
      },
    },
  });
  return prompts;
}

/** The text a message holds, as JSON of its content (what a comparison of contents needs). */
export const contentOf = (message) =>
  typeof message.content === 'string' ? message.content : JSON.stringify(message.content);

/**
 * The messages of the unmanaged prompt whose content the managed prompt no longer holds as such (removed,
 * masked, cleared or summarized), by index into `history`.
 */
export function removedMessages({ history, managed }) {
  const kept = new Set(managed.map(contentOf));
  return history.flatMap((message, index) => (kept.has(contentOf(message)) ? [] : [index]));
}

/** Every string (and number) a message holds, one per line: its text, call inputs, outputs. */
export function textOf(message) {
  const strings = [];
  const walk = (value) => {
    if (typeof value === 'string') strings.push(value);
    else if (typeof value === 'number') strings.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value))
        if (key !== 'type' && key !== 'providerOptions') walk(inner);
    }
  };
  walk(message.content);
  return strings.join('\n');
}

/**
 * The pieces of the answer that occur in the unmanaged prompt but in no message of the managed one: every
 * word-like piece of 3+ characters (whole, and its runs of word characters) and every line of 12+
 * characters, each with the indexes of the history messages holding it. A reading aid: no notion of what
 * a fact is.
 */
export function answerPieces({ history, managed, response }) {
  const managedText = managed.map(textOf).join('\n');
  const texts = history.map(textOf);
  const answer = textOf(response);
  const pieces = new Set();
  for (const match of answer.matchAll(/[A-Za-z0-9_$][\w.:/$@+-]*[\w$]/g))
    if (match[0].length >= 3) pieces.add(match[0]);
  for (const match of answer.matchAll(/\w{3,}/g)) pieces.add(match[0]);
  for (const line of answer.split('\n')) if (line.trim().length >= 12) pieces.add(line.trim());
  return [...pieces]
    .filter((piece) => !managedText.includes(piece))
    .map((piece) => ({ piece, at: texts.flatMap((text, index) => (text.includes(piece) ? [index] : [])) }))
    .filter(({ at }) => at.length > 0);
}
