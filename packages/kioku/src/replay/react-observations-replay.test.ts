import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { isObservation } from '../messages/observation-mark.js';
import { validateHistory } from '../messages/validate-history.js';
import { withObservationTurns } from '../strategies/internal/observation-turns.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { observationMasking } from '../strategies/observation-masking/index.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import { replayCalls } from './replay-calls.js';
import { replayTranscript } from './replay-transcript.js';
import { resolvePricing } from './resolve-pricing.js';

// Masks every output of 64+ tokens at once (the previous default): the measure must see what it hides.
const eagerMasking = kiokuDefault({ minTokens: 64, digestCharacters: 0, payback: false });

const file = join(
  trajectoriesDir,
  'SecRL/latest_experiments/BaselineAgent_gpt-5_c121_alert_level_t0_s25_trial1/agent_incident_38.json',
);

const sweAgentText = join(
  trajectoriesDir,
  'SWE-agent/tests/test_data/trajectories/gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__c-3.00__install-1/pydicom__pydicom-1458.traj',
);

describeWithTrajectories('ReAct observations of a text SWE-agent history', () => {
  it('are marked by the importer and masked in the replay, which stays valid', async () => {
    const [transcript] = importTranscript(readFileSync(sweAgentText), { file: sweAgentText });
    if (transcript === undefined) throw new Error('no transcript');
    // The demonstration and the task open the run; every user turn after an action is an observation.
    const afterAction = transcript.messages.filter(
      (message, index) => message.role === 'user' && transcript.messages[index - 1]?.role === 'assistant',
    );
    expect(afterAction.length).toBe(11);
    expect(transcript.messages.filter(isObservation)).toEqual(afterAction);
    const counter = counterForModel('gpt-4o');
    const pricing = resolvePricing({ modelId: 'gpt-4o' });
    const strategy = observationMasking({ keep: 3 });
    const replay = await replayTranscript({ transcript, strategy, counter, pricing });
    const plain = await replayTranscript({ transcript, strategy: unmanaged(), counter, pricing });
    expect(replay.totals.violations).toBe(0);
    expect(replay.totals.promptTokens).toBeLessThan(plain.totals.promptTokens * 0.9);
  });
});

describeWithTrajectories('ReAct observations of SecRL agent logs', () => {
  const runs = () => importTranscript(readFileSync(file), { file });

  it('are marked by the importer, every user turn after an action', () => {
    const [run] = runs();
    const messages = run?.messages ?? [];
    expect(messages.filter(isObservation).length).toBe(messages.filter((m) => m.role === 'user').length - 1);
    expect(isObservation(messages[1] ?? { role: 'user', content: '' })).toBe(false);
  });

  it('replay with masking applied and stay valid; the unmanaged replay is unchanged', async () => {
    let masked = 0;
    let unmanagedTokens = 0;
    for (const transcript of runs()) {
      const counter = counterForModel(transcript.model);
      const pricing = resolvePricing({ modelId: transcript.model ?? 'gpt-5' });
      const plain = await replayTranscript({ transcript, strategy: unmanaged(), counter, pricing });
      const replay = await replayTranscript({ transcript, strategy: eagerMasking, counter, pricing });
      expect(plain.calls.every((call) => call.inputTokens === call.unmanagedTokens)).toBe(true);
      expect(replay.totals.violations).toBe(0);
      masked += replay.totals.promptTokens;
      unmanagedTokens += plain.totals.promptTokens;
    }
    // Observations are most of a SecRL prompt: masking them must show.
    expect(masked).toBeLessThan(unmanagedTokens * 0.9);
  });

  it('send every observation the strategy kept as the very message recorded', async () => {
    const transcript = runs().reduce((longest, run) =>
      run.messages.length > longest.messages.length ? run : longest,
    );
    const strategy = withObservationTurns(observationMasking({ keep: 3 }));
    const counter = counterForModel(transcript.model);
    let state = strategy.initialState();
    for (const call of replayCalls(transcript)) {
      const history = transcript.messages.slice(0, call.messageCount);
      const result = await strategy.apply({
        messages: history,
        counter,
        budget: { contextWindow: 400_000 },
        state,
      });
      state = result.state;
      expect(validateHistory(result.messages)).toEqual([]);
      result.messages.forEach((message, index) => {
        if (message === history[index]) return;
        // What changed is a masked observation: still the user turn it was, marked, with a placeholder.
        expect(isObservation(message)).toBe(true);
        expect(message.providerOptions?.kioku?.placeholder).toBe(true);
      });
    }
    expect(transcript.messages.length).toBeGreaterThan(10);
  });
});
