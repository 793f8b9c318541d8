import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { observationMasking } from '../strategies/observation-masking/index.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import type { Transcript } from '../transcripts/transcript.js';
import { analyzeStrategies } from './analyze-strategies.js';
import { resolvePricing } from './resolve-pricing.js';

// Masks every output of 64+ tokens at once (the previous default): the measure must see what it hides.
/** The previous default: every output of 64+ tokens masked behind a one-line placeholder, no tool-aware rule. */
const eagerMasking = kiokuDefault({
  minTokens: 64,
  digestCharacters: 0,
  payback: false,
  keepReferenced: 2,
  skipKnown: false,
});

/**
 * A tau-bench-like run: a lookup returns the user's payment id, many unrelated lookups follow, then the
 * agent books with that id — which only the first lookup's output held.
 */
function bookingRun(): Transcript {
  const lookups = Array.from({ length: 6 }, (_, i) =>
    toolStep({
      id: `s${i}`,
      toolName: 'search_flights',
      input: { origin: 'JFK', day: i },
      output: outputLines(40),
    }),
  ).flat();
  const messages: ModelMessage[] = [
    { role: 'system', content: 'You are an airline agent.' },
    { role: 'user', content: 'Book me the cheapest flight with my card. My user id is mia_li_3668.' },
    ...toolStep({
      id: 'u',
      toolName: 'get_user_details',
      input: { user_id: 'mia_li_3668' },
      output: `{"payment_methods": {"credit_card_7434610": {"brand": "visa"}}, "membership": "gold"}\n${outputLines(40)}`,
    }),
    ...lookups,
    ...toolStep({
      id: 'b',
      toolName: 'book_reservation',
      input: { user_id: 'mia_li_3668', payment_id: 'credit_card_7434610', amount: 1284 },
      output: 'booked',
    }),
    { role: 'assistant', content: 'Booked and paid with credit_card_7434610.' },
  ];
  return { format: 'test', file: 'booking.json', id: 'booking', model: 'deepseek-chat', messages, calls: [] };
}

const analyze = (strategies: Parameters<typeof analyzeStrategies>[0]['strategies']) =>
  analyzeStrategies({
    transcripts: [bookingRun()],
    baseline: unmanaged(),
    strategies,
    pricingFor: () => resolvePricing({ modelId: 'deepseek-chat', pricing: 'anthropic-style' }),
    counterFor: () => quarterCounter(),
  });

describe('the fidelity measure of the replay', () => {
  it('is 0 for the unmanaged history, by construction', async () => {
    const { strategies, replays } = await analyze([]);
    const [baseline] = strategies;
    expect(baseline?.hiddenFactRate).toBe(0);
    expect(baseline?.hiddenFactsPer100Calls).toBe(0);
    expect(baseline?.hiddenFactShare).toBe(0);
    expect(baseline?.hiddenArgumentsByTool.book_reservation).toEqual({ calls: 1, hiddenRate: 0 });
    // There was something to hide: the booking call used a fact only a tool output held.
    expect(replays[0]?.totals.fidelity.facts).toBeGreaterThan(0);
  });

  it('counts a fact hidden when a strategy drops the only output that held it', async () => {
    const { strategies, replays } = await analyze([observationMasking({ keep: 2, minTokens: 0 })]);
    const masking = strategies.find((row) => row.name !== 'unmanaged');
    const replay = replays.find((row) => row.strategy === masking?.name);
    const booking = replay?.calls.find((call) =>
      call.fidelity.toolCalls.some((c) => c.toolName === 'book_reservation'),
    );
    expect(booking?.fidelity.hidden).toEqual(['credit_card_7434610']);
    expect(booking?.fidelity.toolCalls).toEqual([{ toolName: 'book_reservation', hiddenInArguments: true }]);
    // The user's own id and the amount the agent chose are no tool-sourced facts: never hidden.
    expect(booking?.fidelity.hidden).not.toContain('mia_li_3668');
    expect(masking?.hiddenArgumentsByTool.book_reservation).toEqual({ calls: 1, hiddenRate: 1 });
    expect(masking?.hiddenFactRate).toBeGreaterThan(0);
    expect(masking?.hiddenFactsPer100Calls).toBeGreaterThanOrEqual(100 / (replay?.calls.length ?? 1));
    // The final answer repeats the id: a fact of the agent's own booking call now, which the managed
    // prompt still holds, so counted but not hidden.
    expect(replay?.calls.at(-1)?.fidelity).toMatchObject({ facts: 1, hidden: [], toolCalls: [] });
  });
});

describeWithTrajectories('the fidelity measure on recorded tau-bench airline runs', () => {
  it("finds the payment ids of the agent's writes that only a masked lookup held", async () => {
    const file = join(trajectoriesDir, 'tau-bench/historical_trajectories/gpt-4o-airline.json');
    const transcripts = importTranscript(readFileSync(file), { file }).slice(0, 40);
    const { strategies, replays } = await analyzeStrategies({
      transcripts,
      baseline: unmanaged(),
      strategies: [eagerMasking],
      pricingFor: () => resolvePricing({ modelId: 'gpt-4o' }),
    });
    const [plain, masked] = strategies;
    expect(plain?.hiddenFactRate).toBe(0);
    expect(masked?.hiddenArgumentsByTool.update_reservation_flights?.hiddenRate).toBeGreaterThan(0.1);
    const hiddenInWrites = replays
      .filter((replay) => replay.strategy === masked?.name)
      .flatMap((replay) => replay.calls)
      .filter((call) =>
        call.fidelity.toolCalls.some((tool) => tool.hiddenInArguments && tool.toolName.startsWith('update_')),
      )
      .flatMap((call) => call.fidelity.hidden);
    expect(hiddenInWrites).toContain('credit_card_7434610');
    expect(
      hiddenInWrites.filter((value) => /^(?:credit_card|gift_card|certificate)_\d+$/.test(value)).length,
    ).toBeGreaterThan(3);
  });
});
