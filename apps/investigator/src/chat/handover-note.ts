import { generateText, type LanguageModel, type LanguageModelUsage, type ModelMessage } from 'ai';

const instruction = [
  'Stop investigating now and write a handover note for the analyst who takes over:',
  '1. What was found, with the exact values (hosts, users, processes, command lines, IPs, hashes, times).',
  '2. What was tried and failed or stayed inconclusive.',
  '3. What remains to be done next.',
  'Do not call tools. Do not decide the alert: resolving it is the analyst’s decision.',
].join('\n');

/**
 * The note a turn ends with when it is cut short (the step cap or the conversation's budget): the model,
 * without tools, says what it found, what failed and what remains, under a line saying why it stopped.
 * When that call fails, the note lists why it stopped and the failure.
 */
export async function handoverNote({
  model,
  messages,
  reason,
  abortSignal,
}: {
  model: LanguageModel;
  messages: readonly ModelMessage[];
  reason: string;
  abortSignal?: AbortSignal | undefined;
}): Promise<{ text: string; usage?: LanguageModelUsage }> {
  const heading = `[Handover note: the investigation stopped (${reason}).]`;
  try {
    const result = await generateText({
      model,
      messages: [...messages, { role: 'user', content: instruction }],
      allowSystemInMessages: true,
      ...(abortSignal === undefined ? {} : { abortSignal }),
    });
    return { text: `${heading}\n${result.text}`, usage: result.totalUsage };
  } catch (error) {
    if (abortSignal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return { text: `${heading}\nThe note could not be written: ${message}` };
  }
}
