// Draws the hand-labelled fidelity sample (bench/fidelity/labelled-calls.json) in two batches. For each of
// the six agent sets and each half (runs of even / odd position by file and id), each call is one call of
// one run replayed under one of the sampling strategies (taken in turn; a run where that one removes nothing
// is tried under the next; a set of few runs gives several calls per run), drawn at random (seeded):
// - batch 1 (`node bench/fidelity/sample.mjs`): 15 calls per half, among the calls whose managed prompt no
//   longer holds some content of the unmanaged one (only there can a strategy hide anything);
// - batch 2 (`node bench/fidelity/sample.mjs 2`): 10 more per half, among those of them where some piece of
//   the answer (a word-like piece of 3+ characters or a line of 12+, `answerPieces`) occurs in the
//   unmanaged prompt but in no message of the managed one — the calls where a strategy can have hidden
//   something the answer used — so that the sample holds more hidden calls than a uniform draw gives.
// Neither looks at what any fidelity measure says. Labels are written by hand into the file (see
// labelling-rules.md); batch 1 never overwrites an existing file, batch 2 appends once.

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trajectoriesDir } from 'kioku/test';
import { random } from '../store/kill-content.mjs';
import { loadAgentSets } from './agent-sets.mjs';
import { answerPieces, removedMessages, replayPrompts, samplingStrategies } from './sampled-calls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/fidelity/labelled-calls.json');
const batch = Number(process.argv[2] ?? '1');
const perHalf = batch === 1 ? 15 : 10;
const earlier = existsSync(output) ? JSON.parse(await readFile(output, 'utf8')).calls : [];
if (batch === 1 ? earlier.length > 0 : earlier.length === 0 || earlier.some((call) => call.batch === batch)) {
  console.error(
    batch === 1
      ? `${relative(root, output)} exists (it holds the labels): not overwritten`
      : `batch ${batch} needs batch 1 in ${relative(root, output)} and is drawn once`,
  );
  process.exit(1);
}

const next = random(24 + batch);
const shuffled = (items) => {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
};

const calls = [];
const key = (file, id, call) => `${file}\u0000${id}\u0000${call}`;
for (const set of await loadAgentSets()) {
  for (const half of ['dev', 'held-out']) {
    const runs = shuffled(set.transcripts.filter((transcript) => set.halfOf(transcript) === half));
    const replays = new Map();
    const replayed = async (transcript, strategy) => {
      const key = `${transcript.file}\u0000${transcript.id}\u0000${strategy}`;
      if (!replays.has(key)) replays.set(key, await replayPrompts(set, transcript, strategy));
      return replays.get(key);
    };
    const taken = new Set();
    const before = earlier.filter((call) => call.set === set.name && call.half === half);
    const drawn = new Set(before.map((call) => key(join(trajectoriesDir, call.file), call.run, call.call)));
    let turn = 0;
    // Pass over the runs until the half has its calls (a set of few runs gives several calls per run) or a
    // whole pass adds none; each run is tried under the next strategy in turn, then the others.
    for (let added = 1; added > 0 && taken.size < perHalf; ) {
      added = 0;
      for (const transcript of runs) {
        if (taken.size === perHalf) break;
        for (let offset = 0; offset < samplingStrategies.length; offset += 1) {
          const strategy = samplingStrategies[(turn + offset) % samplingStrategies.length];
          const prompts = await replayed(transcript, strategy);
          const eligible = prompts.flatMap((prompt, index) =>
            prompt.response?.role === 'assistant' &&
            removedMessages(prompt).length > 0 &&
            !taken.has(key(transcript.file, transcript.id, index)) &&
            !drawn.has(key(transcript.file, transcript.id, index)) &&
            (batch === 1 || answerPieces(prompt).length > 0)
              ? [index]
              : [],
          );
          if (eligible.length === 0) continue;
          const call = eligible[Math.floor(next() * eligible.length)];
          taken.add(key(transcript.file, transcript.id, call));
          turn += 1;
          added += 1;
          calls.push({
            id: `${set.name.split(' ')[0].toLowerCase()}-${half === 'dev' ? 'd' : 'h'}${before.length + taken.size}`,
            batch,
            set: set.name,
            half,
            file: relative(trajectoriesDir, transcript.file),
            run: transcript.id,
            call,
            calls: prompts.length,
            strategy,
            label: null,
          });
          process.stderr.write(`${set.name} ${half}: ${taken.size}/${perHalf}\n`);
          break;
        }
      }
    }
  }
}
await writeFile(output, `${JSON.stringify({ calls: [...earlier, ...calls] }, null, 2)}\n`);
console.log(`wrote ${calls.length} calls (batch ${batch}) to ${relative(root, output)}`);
