import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { importTranscript } from './import-transcript.js';
import { openHandsCompletionImporter } from './openhands-completion-importer.js';

const dir = join(
  trajectoriesDir,
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance',
);
const astropy = join(dir, 'astropy__astropy-12907.json');

describeWithTrajectories('openHandsCompletionImporter on the last call of each instance', () => {
  it('reads astropy__astropy-12907: the 20-message prompt, the answer appended, one call with its usage', () => {
    const [run] = importTranscript(readFileSync(astropy), { file: astropy });
    expect(run?.format).toBe('openhands-completion');
    expect(run?.id).toBe('astropy__astropy-12907');
    expect(run?.model).toBe('claude-3-5-sonnet-20241022');
    expect(run?.messages).toHaveLength(21);
    expect(run?.messages.at(-1)?.role).toBe('assistant');
    expect(run?.calls).toEqual([
      {
        messageCount: 20,
        model: 'claude-3-5-sonnet-20241022',
        usage: {
          promptTokens: 20737,
          completionTokens: 446,
          cacheReadTokens: 19610,
          cacheWriteTokens: 1126,
          cost: 0.068901,
        },
        timestamp: 1733339462.4307241,
      },
    ]);
    expect(run?.tools?.map((tool) => tool.name)).toEqual(['execute_bash', 'finish', 'str_replace_editor']);
    expect(run?.tools?.[0]?.inputSchema).toMatchObject({ type: 'object', required: ['command'] });
  });

  it('marks the messages with cache_control (system part, last tool results) as Anthropic cache breakpoints', () => {
    const [run] = importTranscript(readFileSync(astropy), { file: astropy });
    const marked = run?.messages.flatMap((message, index) => (message.providerOptions ? [index] : []));
    expect(marked).toEqual([0, 15, 17, 19]);
    expect(run?.messages[0]).toEqual({
      role: 'system',
      content: expect.stringContaining('You are OpenHands agent'),
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
  });

  it('takes the instance id from the folder of a per-call llm_completions file', () => {
    const value = JSON.parse(readFileSync(astropy, 'utf8'));
    const file =
      'llm_completions/astropy__astropy-12907/litellm_proxy__claude-3-5-sonnet-20241022-1733339462.4307241.json';
    expect(openHandsCompletionImporter().read(value, { file })[0]?.id).toBe('astropy__astropy-12907');
  });
});
