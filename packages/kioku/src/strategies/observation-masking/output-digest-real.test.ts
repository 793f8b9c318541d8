import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { toolOutputText } from '../../messages/message-text.js';
import { isObservation } from '../../messages/observation-mark.js';
import { describeWithTrajectories, trajectoriesDir } from '../../test/trajectories.js';
import { loadTranscripts } from '../../transcripts/load-transcripts.js';
import { outputDigest } from './output-digest.js';

/** Real tool outputs (and ReAct observations) of the dev trajectories, with the digest each had. */
interface PinnedDigest {
  /** The trajectory file, under the trajectories directory. */
  file: string;
  /** The transcript in it. */
  id: string;
  /** The message holding the output, and its part (-1: an observation turn, the whole message). */
  message: number;
  part: number;
  digest: string[];
}

const pinned = JSON.parse(
  readFileSync(fileURLToPath(new URL('./__fixtures__/real-output-digests.json', import.meta.url)), 'utf8'),
) as PinnedDigest[];

describeWithTrajectories('outputDigest on real outputs', () => {
  it('gives the pinned digests (emails, IPv6, hashes, JSON, code, paths, identifiers, hosts)', async () => {
    const files = [...new Set(pinned.map((entry) => entry.file))];
    const { transcripts, errors } = await loadTranscripts(files.map((file) => join(trajectoriesDir, file)));
    expect(errors).toEqual([]);
    for (const entry of pinned) {
      const transcript = transcripts.find(
        (each) => each.file === join(trajectoriesDir, entry.file) && each.id === entry.id,
      );
      const message = transcript?.messages[entry.message];
      let text: string | undefined;
      if (message?.role === 'tool' && entry.part >= 0) {
        const part = message.content[entry.part];
        if (part?.type === 'tool-result') text = toolOutputText(part.output);
      } else if (message !== undefined && isObservation(message)) {
        text =
          typeof message.content === 'string'
            ? message.content
            : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
      }
      expect(text, `${entry.file} ${entry.id} message ${entry.message}`).toBeDefined();
      expect(outputDigest(text ?? '')).toEqual(entry.digest);
    }
  }, 60_000);
});
