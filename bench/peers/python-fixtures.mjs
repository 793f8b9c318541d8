// Makes the fixtures of the peers' own Python code at sampled calls of recorded runs:
// fixtures/openhands-masking.json (OpenHands' ObservationMaskingCondenser.condense, then
// ConversationMemory.process_events), fixtures/swe-agent-last-n.json (SWE-agent's
// LastNObservations) and fixtures/swe-agent-cache-control.json (SWE-agent's
// CacheControlHistoryProcessor, at every call of a run). The upstream code is not in this repository:
// give a checkout of it. Run from the repository root after `npm run build`:
//   node bench/peers/python-fixtures.mjs openhands|swe-agent|swe-agent-cache-control SOURCE_DIR PROVENANCE
// Messages equal to a recorded one are stored as its index (`from`), the others as their text. The
// cache_control processor changes no message: its calls are stored as the number of messages sent (the
// recorded ones) and the indexes of those marked.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolOutputText } from 'kioku/strategies';
import { loadSets } from '../tokens/load-sets.mjs';
import { recordedSteps } from './recorded-steps.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** Per peer, the sampled runs: set index, run id, window, calls (steps done before the call). */
const samples = {
  openhands: {
    file: 'openhands-masking.json',
    runs: [
      { set: 0, id: 'pylint-dev__astroid-1333', window: 100, calls: [60, 120, 175] },
      { set: 0, id: 'marshmallow-code__marshmallow-1343', window: 100, calls: [103] },
      { set: 1, id: 'django__django-11149', window: 10, calls: [10, 30, 49] },
    ],
  },
  'swe-agent': {
    file: 'swe-agent-last-n.json',
    runs: [
      { set: 0, id: 'pylint-dev__astroid-1333', window: 5, calls: [3, 20, 100, 175] },
      { set: 1, id: 'django__django-11149', window: 5, calls: [10, 49] },
    ],
  },
  'swe-agent-cache-control': {
    file: 'swe-agent-cache-control.json',
    runs: [
      { set: 0, id: 'pylint-dev__astroid-1333', window: 2, calls: 'all' },
      { set: 0, id: 'marshmallow-code__marshmallow-1343', window: 2, calls: 'all' },
      { set: 1, id: 'django__django-11149', window: 2, calls: 'all' },
      { set: 1, id: 'django__django-11265', window: 2, calls: 'all' },
    ],
  },
};
const [peer, sourceDir, provenance] = process.argv.slice(2);
if (samples[peer] === undefined || sourceDir === undefined || provenance === undefined) {
  throw new Error(
    `usage: node bench/peers/python-fixtures.mjs ${Object.keys(samples).join('|')} SOURCE_DIR PROVENANCE`,
  );
}
const { file: fixtureFile, runs: peerSamples } = samples[peer];

const sets = await loadSets();
const transcripts = peerSamples.map(({ set, id }) => sets[set].transcripts.find((t) => t.id === id));
const input = {
  runs: peerSamples.map((sample, index) => {
    const script = recordedSteps(transcripts[index]);
    return {
      id: sample.id,
      window: sample.window,
      system: script.system,
      task: script.task,
      calls:
        sample.calls === 'all' ? script.steps.map((_, at) => at).concat(script.steps.length) : sample.calls,
      steps: script.steps.map((step, at) => ({
        responseId: `response-${at}`,
        text: step.text,
        calls: step.calls.map((call) => ({
          id: call.id,
          name: call.name,
          arguments: JSON.stringify(call.input),
        })),
        results: step.calls.map((call) => ({ id: call.id, text: step.outputs.get(call.id) })),
      })),
    };
  }),
};
const run = spawnSync('python3', [join(here, 'python-peers.py'), peer, sourceDir], {
  input: JSON.stringify(input),
  maxBuffer: 1 << 30,
  encoding: 'utf8',
});
if (run.status !== 0) throw new Error(`python-peers.py failed: ${run.stderr}`);
const output = JSON.parse(run.stdout);

/** The index of the recorded message `message` (from Python) is, or undefined. */
function recordedIndex(messages, message) {
  return messages.findIndex((recorded) => {
    if (recorded.role !== message.role) return false;
    const parts =
      typeof recorded.content === 'string' ? [{ type: 'text', text: recorded.content }] : recorded.content;
    const text = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
    if (recorded.role === 'tool') {
      const [result] = parts;
      return (
        parts.length === 1 &&
        result.toolCallId === message.toolCallId &&
        toolOutputText(result.output) === message.text
      );
    }
    const ids = parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []));
    return text === message.text && JSON.stringify(ids) === JSON.stringify(message.toolCallIds ?? []);
  });
}

/** A cache_control call as stored: what it sent is the recorded prefix, so only the marks are kept. */
function markedCall(runOutput, { call, messages, marked, changed }) {
  if (changed.length > 0) {
    throw new Error(`${runOutput.id} call ${call}: the processor changed messages ${changed.join(', ')}`);
  }
  if (messages !== 2 + 2 * call) {
    throw new Error(`${runOutput.id} call ${call}: ${messages} messages sent, expected ${2 + 2 * call}`);
  }
  return { call, messages, marked };
}

const fixture = {
  provenance,
  runs: output.runs.map((runOutput, index) => ({
    id: runOutput.id,
    set: peerSamples[index].set,
    window: runOutput.window,
    calls: runOutput.calls.map((callOutput) => {
      if (peer === 'swe-agent-cache-control') return markedCall(runOutput, callOutput);
      const { call, messages } = callOutput;
      return {
        call,
        messages: messages.map((message) => {
          const from = recordedIndex(transcripts[index].messages, message);
          if (from !== -1) return { from };
          return message.toolCallId === undefined
            ? { role: message.role, text: message.text }
            : { role: message.role, toolCallId: message.toolCallId, text: message.text };
        }),
      };
    }),
  })),
};
const file = join(here, 'fixtures', fixtureFile);
await mkdir(dirname(file), { recursive: true });
await writeFile(file, `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`wrote ${file}`);
