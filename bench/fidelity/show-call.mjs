// Prints calls of the fidelity sample for labelling by hand (see labelling-rules.md): the agent's answer in
// full, the messages of the unmanaged prompt the managed prompt no longer holds (with the stand-ins the
// managed prompt has instead), and, as a reading aid, every word-like piece (3+ characters) and line (12+
// characters) of the answer that occurs in the unmanaged prompt but in no message of the managed one. It
// applies no notion of what a fact is.
// Run from the repository root after `npm run build`: `node bench/fidelity/show-call.mjs ID [ID...]`
// (or a prefix ending in `*`, such as `openhands-d*`).
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trajectoriesDir } from 'kioku/test';
import { loadAgentSets } from './agent-sets.mjs';
import { answerPieces, contentOf, removedMessages, replayPrompts, textOf } from './sampled-calls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { calls } = JSON.parse(await readFile(join(root, 'bench/fidelity/labelled-calls.json'), 'utf8'));
const wanted = calls.filter((call) =>
  process.argv
    .slice(2)
    .some((id) => call.id === id || (id.endsWith('*') && call.id.startsWith(id.slice(0, -1)))),
);
const sets = await loadAgentSets();

const clip = (text, max) =>
  text.length <= max ? text : `${text.slice(0, max)} …[+${text.length - max} chars]`;
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

function describe(message) {
  if (message.role !== 'assistant' && message.role !== 'tool') return message.role;
  if (typeof message.content === 'string') return message.role;
  const tools = message.content
    .filter((part) => part.type === 'tool-call' || part.type === 'tool-result')
    .map((part) => part.toolName);
  return `${message.role}${tools.length > 0 ? ` ${[...new Set(tools)].join(',')}` : ''}`;
}

function answerParts(response) {
  if (typeof response.content === 'string') return [`[text] ${response.content}`];
  return response.content.map((part) => {
    if (part.type === 'text' || part.type === 'reasoning') return `[${part.type}] ${part.text}`;
    if (part.type === 'tool-call') return `[call ${part.toolName}] ${JSON.stringify(part.input, null, 1)}`;
    return `[${part.type}]`;
  });
}

for (const entry of wanted) {
  const set = sets.find((candidate) => candidate.name === entry.set);
  const transcript = set.transcripts.find(
    (candidate) => candidate.id === entry.run && candidate.file === join(trajectoriesDir, entry.file),
  );
  const prompts = await replayPrompts(set, transcript, entry.strategy);
  const prompt = prompts[entry.call];
  const { history, managed, response } = prompt;
  const removed = removedMessages(prompt);
  const removedSet = new Set(removed);
  const historyContents = new Set(history.map(contentOf));
  const standIns = managed.filter((message) => !historyContents.has(contentOf(message)));
  const texts = history.map(textOf);
  const found = answerPieces(prompt);
  const task = history.find((message) => message.role === 'user');
  console.log(
    `\n=== ${entry.id} | ${entry.set} ${entry.half} | ${entry.run} | call ${entry.call + 1}/${entry.calls} | ${entry.strategy}`,
  );
  if (task !== undefined) console.log(`TASK: ${clip(oneLine(textOf(task)), 300)}`);
  console.log('ANSWER:');
  for (const part of answerParts(response)) console.log(`  ${clip(part, 3000)}`);
  console.log(
    `REMOVED ${removed.length} of ${history.length} messages; stand-ins such as: ${standIns
      .slice(-2)
      .map((message) => clip(oneLine(textOf(message)), 140))
      .join(' | ')}`,
  );
  const where = (at) =>
    at
      .slice(0, 4)
      .map((index) => `#${index}${removedSet.has(index) ? '' : '(kept)'} ${describe(history[index])}`)
      .join(', ') + (at.length > 4 ? ` +${at.length - 4}` : '');
  const words = found.filter(({ piece }) => /^[a-z]+$/.test(piece));
  console.log(
    `ONLY IN REMOVED CONTENT — plain lowercase words: ${words.map(({ piece }) => piece).join(' ') || '(none)'}`,
  );
  for (const { piece, at } of found.filter((item) => !words.includes(item)).slice(0, 40)) {
    const text = texts[at[0]];
    const position = text.indexOf(piece);
    const context = oneLine(text.slice(Math.max(0, position - 50), position + piece.length + 50));
    console.log(`  - ${JSON.stringify(clip(piece, 160))} in ${where(at)}: …${clip(context, 220)}…`);
  }
  const rest = found.length - words.length - 40;
  if (rest > 0) console.log(`  (+${rest} more pieces)`);
}
