import { openAiChatImporter } from '../../transcripts/openai-chat-importer.js';
import type { Transcript } from '../../transcripts/transcript.js';
import { socInvestigationSample } from './soc-investigation-sample.js';

/**
 * The sample investigation read as a transcript, exactly as `samples/soc-investigation.json` reads (the
 * file is this sample, written out); what `kioku analyze` replays when given no path.
 *
 * @example
 * const transcript = socInvestigationTranscript();
 * transcript.messages.length; // 76
 */
export function socInvestigationTranscript(): Transcript {
  const [transcript] = openAiChatImporter().read(socInvestigationSample(), {
    file: 'samples/soc-investigation.json',
  });
  if (transcript === undefined) throw new Error('the sample investigation produced no transcript');
  return transcript;
}
