// The six agents whose recorded runs the fidelity benches replay: mini-swe-agent deepseek-chat, OpenHands
// claude-3.5-sonnet, tau-bench airline gpt-4o, tau2-bench gpt-4.1 (airline, retail, telecom), SecRL gpt-5 /
// gpt-5-mini agent logs (ReAct: observations marked by the importer) and ExCyTIn o4-mini environment logs.
// Each set: `{name, transcripts, model}` (`model` where the log does not record one per run), and
// `halfOf(transcript)`: 'dev' for the runs of even position by file and id, 'held-out' for the others.
// Run `npm run build` first.
import { join } from 'node:path';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';
import { loadClaudeSet, loadDeepSeekSet } from '../tokens/load-sets.mjs';

async function load(name, paths, model) {
  const loaded = await loadTranscripts(paths.map((path) => join(trajectoriesDir, path)));
  if (loaded.errors.length > 0) {
    throw new Error(
      `${name}: could not load ${loaded.errors.map(({ file, error }) => `${file}: ${error.message}`).join('\n')}`,
    );
  }
  return { name, transcripts: loaded.transcripts, model };
}

/** A run told apart from the others: several files can hold the same ids. */
export const runKey = (transcript) => `${transcript.file}\u0000${transcript.id}`;

/** The half a run belongs to: even position by key in its set 'dev', odd 'held-out'. */
function withHalves(set) {
  const keys = set.transcripts.map(runKey).sort();
  const half = new Map(keys.map((key, index) => [key, index % 2 === 0 ? 'dev' : 'held-out']));
  return { ...set, halfOf: (transcript) => half.get(runKey(transcript)) };
}

/** The model a run of `set` is counted and priced as. */
export const modelOf = (set, transcript) =>
  set.model ?? transcript.model ?? transcript.calls.find((call) => call.model)?.model;

const secrl = 'SecRL/latest_experiments';

/** The six sets, in the order the benches print them. */
export async function loadAgentSets() {
  const sets = [
    { ...(await loadDeepSeekSet()), model: undefined },
    { ...(await loadClaudeSet()), model: undefined },
    await load(
      'tau-bench airline gpt-4o',
      ['tau-bench/historical_trajectories/gpt-4o-airline.json'],
      'gpt-4o',
    ),
    await load(
      'tau2-bench gpt-4.1',
      ['airline_default', 'retail_defautl', 'telecom_default'].map(
        (domain) => `tau2-bench/feature-gym/gpt-4.1_${domain}_gpt-4.1_1trials.json`,
      ),
      'gpt-4.1',
    ),
    await load(
      'SecRL gpt-5 / gpt-5-mini (ReAct)',
      [
        `${secrl}/BaselineAgent_gpt-5_c121_alert_level_t0_s25_trial1/agent_incident_38.json`,
        `${secrl}/BaselineAgent_gpt-5-mini_c127_alert_level_t0_s25_trial1/agent_incident_38.json`,
      ],
      undefined,
    ),
    await load('ExCyTIn o4-mini', ['ExCyTIn/o4-mini'], 'o4-mini'),
  ];
  return sets.map(withHalves);
}
